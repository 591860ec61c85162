"""furball's front-end: command line, viewer, HUD, exporters.

Panda3D is imported lazily by the modules that draw, so the command line and the engine
work without a GL stack.
"""

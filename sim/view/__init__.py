"""Panda3D view layers: each takes its parent NodePath, updates from a Snapshot and can be
destroyed.  Only this package (and the app and exporters) import Panda3D."""

"""furball's data models: frozen pydantic definitions of cards, scenarios, logs, timelines.

Imports nothing else of furball's, so the engine and the front-end can both depend on it.
"""

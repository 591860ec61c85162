"""The ``furball`` command line."""

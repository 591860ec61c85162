"""The debrief sheet: one self-contained HTML page of a fight for a class (``furball
report``)."""

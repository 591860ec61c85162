"""furball's rules engine: pure Python with numpy/scipy, never imports the front-end."""

"""ipywidgets card tables and explorers for the Phase 10 teaching kit, built on ``phase10kit``."""

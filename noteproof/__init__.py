"""noteproof: checks the mathematics of a course's lecture notes."""
__version__ = "0.1.0"

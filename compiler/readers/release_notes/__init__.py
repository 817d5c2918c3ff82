"""Modern release notes (Modern Horizons 3, 2024): collector lines, unbulleted rulings."""

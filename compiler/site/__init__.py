"""The site: where each page lives, what it shows, and writing it."""

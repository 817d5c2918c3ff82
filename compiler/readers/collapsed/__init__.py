"""English FAQs whose whitespace was collapsed to one line (Future Sight, 2007)."""

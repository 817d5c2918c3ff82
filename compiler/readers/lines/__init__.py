"""Line-structured English FAQs (Champions and Betrayers of Kamigawa, 2004-2005)."""

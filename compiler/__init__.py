"""faqc: a rules-document compiler and static site generator for Magic: The Gathering FAQs."""

__version__ = "0.1.0"

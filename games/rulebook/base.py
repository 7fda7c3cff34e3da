"""What the rule pages of every game share."""


def neighbours(sections, slug):
    """The sections before and after `slug`, for the links at the foot of a page."""
    slugs = [s for s, _title in sections]
    i = slugs.index(slug)
    before = sections[i - 1] if i > 0 else None
    after = sections[i + 1] if i + 1 < len(sections) else None
    return before, after

"""What a person reads on a page: its text and the labels assistive technology reads out."""

import re
from html.parser import HTMLParser

SPOKEN_ATTRIBUTES = {"aria-label", "title", "alt", "placeholder"}


class _Reader(HTMLParser):
    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.segments, self._skip = [], 0

    def handle_starttag(self, tag, attrs):
        if tag in {"script", "style"}:
            self._skip += 1
        self.segments += [value for name, value in attrs if name in SPOKEN_ATTRIBUTES and value]

    def handle_endtag(self, tag):
        if tag in {"script", "style"}:
            self._skip -= 1

    def handle_data(self, data):
        if not self._skip:
            self.segments.append(data)


def segments(html):
    """Each text node and spoken attribute, whitespace tidied (non-breaking spaces kept)."""
    reader = _Reader()
    reader.feed(html)
    tidy = (re.sub(r"[ \t\r\n]+", " ", s).strip(" ") for s in reader.segments)
    return [s for s in tidy if s]


def text(html):
    return " ".join(segments(html))


def forms(html):
    """The <form ...> opening tags of a page, as raw HTML (enough to find an action)."""
    return re.findall(r"<form\b[^>]*>.*?</form>", html, flags=re.S)


NBSP = "\u00a0\u202f"


def bad_typography(text):
    """French wants a (narrow) non-breaking space before : ; ! ? and « » quotes, not "."""
    problems = [m.group() for m in re.finditer(rf"(^|[^{NBSP}])[:;!?]", text)]
    problems += re.findall(r"[\"“”]", text)
    problems += re.findall(rf"«[^{NBSP}]|[^{NBSP}]»", text)
    return problems


# Elements HTML never closes: they hold no text.
VOID = {"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "wbr"}


class _Tags(HTMLParser):
    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.found, self.words, self._open = [], [], []

    def handle_starttag(self, tag, attrs):
        self.found.append((tag, {name: value or "" for name, value in attrs}))
        self.words.append([])
        if tag not in VOID:
            self._open.append((tag, len(self.found) - 1))

    def handle_startendtag(self, tag, attrs):
        self.found.append((tag, {name: value or "" for name, value in attrs}))
        self.words.append([])

    def handle_endtag(self, tag):
        # Up to the latest open element of that name: HTML lets some end tags be left out.
        for depth in range(len(self._open) - 1, -1, -1):
            if self._open[depth][0] == tag:
                del self._open[depth:]
                return

    def handle_data(self, data):
        for _, index in self._open:
            self.words[index].append(data)


def _find(html, tag, attrs):
    wanted = {name.rstrip("_").replace("_", "-"): value for name, value in attrs.items()}
    parser = _Tags()
    parser.feed(html)

    def has(found, name, value):
        if value is True:
            return name in found
        if name == "class":
            return value in found.get(name, "").split()
        return found.get(name) == value

    def matches(found):
        return all(has(found, name, value) for name, value in wanted.items())

    return [
        (found, "".join(words))
        for (name, found), words in zip(parser.found, parser.words, strict=True)
        if tag in (None, name) and matches(found)
    ]


def tags(html, tag=None, **attrs):
    """The attributes of each element of the page named `tag` (any, if None) that has `attrs`
    (`class_` for class, one of its classes; `aria_label` for aria-label; True: present with
    any value): an assert about them holds whatever the order, quoting or spacing of the
    markup."""
    return [found for found, _ in _find(html, tag, attrs)]


def texts(html, tag=None, **attrs):
    """The text inside each element that `tags` would find, whitespace tidied: what a button
    or a label says, whatever markup (a visually hidden span) it is wrapped in."""
    tidy = (re.sub(r"[ \t\r\n]+", " ", words).strip(" ") for _, words in _find(html, tag, attrs))
    return list(tidy)

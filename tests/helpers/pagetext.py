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
    """Each text node and spoken attribute, whitespace tidied (non-breaking spaces left)."""
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


class _Element:
    def __init__(self, tag, attrs, start):
        self.tag, self.attrs, self.words = tag, {name: value or "" for name, value in attrs}, []
        self.start = self.end = start  # where its markup starts and ends in the page


class _Tags(HTMLParser):
    def __init__(self, html):
        super().__init__(convert_charrefs=True)
        self.found, self._open, self._html = [], [], html
        self._lines = [0]  # where each line starts: getpos() counts in lines
        self._lines += [m.end() for m in re.finditer("\n", html)]
        self.feed(html)
        self.close()
        for element in self._open:
            element.end = len(html)

    def _here(self):
        line, column = self.getpos()
        return self._lines[line - 1] + column

    def handle_starttag(self, tag, attrs):
        element = _Element(tag, attrs, self._here())
        element.end = element.start + len(self.get_starttag_text())
        self.found.append(element)
        if tag not in VOID:
            self._open.append(element)

    def handle_startendtag(self, tag, attrs):
        element = _Element(tag, attrs, self._here())
        element.end = element.start + len(self.get_starttag_text())
        self.found.append(element)

    def handle_endtag(self, tag):
        # Up to the latest open element of that name: HTML lets some end tags be left out.
        for depth in range(len(self._open) - 1, -1, -1):
            if self._open[depth].tag == tag:
                end = self._html.index(">", self._here()) + 1
                for element in self._open[depth:]:
                    element.end = end
                del self._open[depth:]
                return

    def handle_data(self, data):
        for element in self._open:
            element.words.append(data)


def _find(html, tag, attrs):
    wanted = {name.rstrip("_").replace("_", "-"): value for name, value in attrs.items()}

    def has(found, name, value):
        if value is True:
            return name in found
        if name == "class":
            return value in found.get(name, "").split()
        return found.get(name) == value

    def matches(element):
        if tag not in (None, element.tag):
            return False
        return all(has(element.attrs, name, value) for name, value in wanted.items())

    return [element for element in _Tags(html).found if matches(element)]


def tags(html, tag=None, **attrs):
    """The attributes of each element of the page named `tag` (any, if None) that has `attrs`
    (`class_` for class, one of its classes; `aria_label` for aria-label; True: present with
    any value): an assert about them holds whatever the order, quoting or spacing of the
    markup."""
    return [element.attrs for element in _find(html, tag, attrs)]


def texts(html, tag=None, **attrs):
    """The text inside each element that `tags` would find, whitespace tidied: what a button
    or a label says, whatever markup (a visually hidden span) it is wrapped in."""
    words = ("".join(element.words) for element in _find(html, tag, attrs))
    return [re.sub(r"[ \t\r\n]+", " ", said).strip(" ") for said in words]


def parts(html, tag=None, **attrs):
    """The markup of each element that `tags` would find, from its start tag to its end tag:
    a part of the page to ask `tags` or `texts` about (one form, one table)."""
    return [html[element.start : element.end] for element in _find(html, tag, attrs)]

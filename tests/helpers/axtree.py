"""What a screen reader meets on a page, read from Chromium's accessibility tree (CDP
Accessibility.getFullAXTree), not from the markup: the focused node with its description, the
live regions and what they hold, the buttons' and fields' names."""

from dataclasses import dataclass, field


@dataclass
class Heard:
    focused: str = ""  # role, name and description of the focused node
    live: list = field(default_factory=list)  # "role: text" of each live region that holds text
    buttons: list = field(default_factory=list)
    fields: list = field(default_factory=list)  # "role name", " (invalid)" when refused


def _value(node, key):
    return (node.get(key) or {}).get("value", "")


def _properties(node):
    return {p["name"]: p["value"].get("value") for p in node.get("properties", [])}


def _text(nodes, node):
    """A node's text as a reader reads it: its name, else its children's."""
    if _value(node, "name"):
        return _value(node, "name")
    inner = (_text(nodes, nodes[child]) for child in node.get("childIds", []) if child in nodes)
    return " ".join(part for part in inner if part)


def heard(page):
    session = page.context.new_cdp_session(page)
    nodes = {node["nodeId"]: node for node in session.send("Accessibility.getFullAXTree")["nodes"]}
    session.detach()
    found = Heard()
    for node in nodes.values():
        if node.get("ignored"):
            continue
        role, name, props = _value(node, "role"), _value(node, "name"), _properties(node)
        if props.get("focused"):
            found.focused = " ".join(filter(None, (role, name, _value(node, "description"))))
        if props.get("live") in ("polite", "assertive") and (said := _text(nodes, node)):
            found.live.append(f"{role}: {' '.join(said.split())}")
        if role == "button":
            found.buttons.append(name)
        if role in ("spinbutton", "textbox", "radio", "checkbox", "combobox"):
            refused = props.get("invalid") not in (None, "false")
            found.fields.append(f"{role} {name}" + (" (invalid)" if refused else ""))
    found.live = list(dict.fromkeys(found.live))  # a region's container and itself, once
    return found

#!/usr/bin/python3
"""Prints plasmashell's notification popups as JSON, as a screen reader reads them (AT-SPI):
[{"title": …, "x": …, "y": …, "texts": [body…], "buttons": [{"label": …, "x": …, "y": …}],
  "fields": [{"text": …, "placeholder": …, "focused": …, "x": …, "y": …}]}], each control with
the centre of its extents in screen coordinates (Qt reports them; there is no window manager). A
popup is a window with a node of role 'notification' that is showing (x, y: the centre of its
title, the label named as it is, where a click is a click on the body); its body is a read-only
'text' node, its reply field an editable one (its description is the placeholder), there only
once the reply button was pressed. From ../shared/tools/desktops/plasma-xvfb.sh. Run
with /usr/bin/python3 (pyatspi)."""
import json
import pyatspi


def centre(node):
    try:
        box = node.queryComponent().getExtents(pyatspi.DESKTOP_COORDS)
    except NotImplementedError:
        return None
    if box.width <= 0 or box.height <= 0:
        return None
    return box.x + box.width // 2, box.y + box.height // 2


desktop = pyatspi.Registry.getDesktop(0)
popups = []
for index in range(desktop.childCount):
    application = desktop.getChildAtIndex(index)
    if application is None or application.name != "plasmashell":
        continue
    for window_index in range(application.childCount):
        window = application.getChildAtIndex(window_index)
        notes, labels, texts, buttons, fields = [], [], [], [], []

        def walk(node):
            role = node.getRoleName()
            states = node.getState()
            if role == "notification":
                notes.append(node)
            elif role == "label" and node.name:
                labels.append(node)
            elif role == "text":
                try:
                    text = node.queryText().getText(0, -1)
                except NotImplementedError:
                    text = ""
                if not states.contains(pyatspi.STATE_READ_ONLY):
                    place = centre(node)
                    if place and states.contains(pyatspi.STATE_SHOWING):
                        fields.append({"text": text, "placeholder": node.description,
                                       "focused": states.contains(pyatspi.STATE_FOCUSED), "x": place[0], "y": place[1]})
                elif text:
                    texts.append(text)
            elif role == "push button" and node.name:
                place = centre(node)
                if place and states.contains(pyatspi.STATE_SHOWING):
                    buttons.append({"label": node.name, "x": place[0], "y": place[1]})
            for child in range(node.childCount):
                walk(node.getChildAtIndex(child))

        walk(window)
        if notes and notes[0].getState().contains(pyatspi.STATE_SHOWING):
            title = next((label for label in labels if label.name == notes[0].name), None)
            place = centre(title) if title else None
            popups.append({"title": notes[0].name, "x": place[0] if place else None, "y": place[1] if place else None,
                           "texts": texts, "buttons": buttons, "fields": fields})
print(json.dumps(popups))

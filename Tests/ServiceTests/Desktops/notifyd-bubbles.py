#!/usr/bin/python3
"""Prints xfce4-notifyd's notification bubbles as JSON, as a screen reader reads them (AT-SPI):
[{"texts": [title, body lines…], "buttons": [{"label": …, "x": …, "y": …}]}], each button with
the centre of its extents in screen coordinates (GTK 3 reports them; there is no window
manager). From ../shared/tools/desktops/xfce-notifyd-xvfb.sh. Run with /usr/bin/python3."""
import json
import pyatspi

desktop = pyatspi.Registry.getDesktop(0)
bubbles = []
for index in range(desktop.childCount):
    application = desktop.getChildAtIndex(index)
    if application is None or application.name != "xfce4-notifyd":
        continue
    for window_index in range(application.childCount):
        window = application.getChildAtIndex(window_index)
        texts, buttons = [], []

        def walk(node):
            role = node.getRoleName()
            if role == "label" and node.name:
                texts.append(node.name)
            elif role == "push button":
                box = node.queryComponent().getExtents(pyatspi.DESKTOP_COORDS)
                buttons.append({"label": node.name, "x": box.x + box.width // 2, "y": box.y + box.height // 2})
            for child in range(node.childCount):
                walk(node.getChildAtIndex(child))

        walk(window)
        if texts or buttons:
            bubbles.append({"texts": texts, "buttons": buttons})
print(json.dumps(bubbles))

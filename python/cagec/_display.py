"""Strings that show themselves in Jupyter: an SVG picture and an HTML page."""

from __future__ import annotations

import html

__all__ = ["HtmlPage", "Svg"]


class Svg(str):
    """An SVG document (a ``str``) that a notebook draws inline."""

    __slots__ = ()

    def _repr_svg_(self) -> str:
        return str(self)


class HtmlPage(str):
    """A self-contained HTML page (a ``str``; write it to a file to open it
    in a browser). A notebook shows it in a sandboxed frame, so its styles
    and script cannot touch the notebook's own."""

    __slots__ = ()

    def _repr_html_(self) -> str:
        return (
            '<iframe style="width:100%;height:720px;border:1px solid #ccc" '
            'sandbox="allow-scripts" srcdoc="' + html.escape(str(self), quote=True) + '"></iframe>'
        )

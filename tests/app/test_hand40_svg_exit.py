"""The SVG diagram marks where a ball left the table (general rule 23) as
the clips, the PNG diagram and the gallery window do: a ring and a cross in
the ball's colour where its path crossed the rail, with its words."""

from __future__ import annotations

import math
import re
import xml.etree.ElementTree as ET

import pytest

from simulator.app.replay import export
from simulator.app.replay.svg import SvgTable, rgb
from simulator.app.replay.table_marks import ball_colour
from tests.app.test_mark39_off_table import CLIPS, crossing, gallery_export

NS = "{http://www.w3.org/2000/svg}"
WORDS = {("en", "floor"): "left the table", ("ru", "floor"): "вылетел",
         ("en", "rail"): "on the rail", ("ru", "rail"): "на борту"}


@pytest.mark.parametrize("name", CLIPS)
@pytest.mark.parametrize("lang", ["ru", "en"])
def test_the_svg_marks_where_the_ball_left_the_table(name: str, lang: str) -> None:
    exp = gallery_export(name)
    text = export.export_bytes(exp, "svg", lang, width=800).decode("utf-8")
    root = ET.fromstring(text)
    ball, x, y = crossing(exp.shot)
    g = SvgTable(exp.shot.initial.spec, 800)
    at = g.xy(x, y)
    colour = rgb(ball_colour(exp.shot.initial.spec, ball))
    marks = [e for e in root.iter(f"{NS}g") if e.get("id") == f"off-table-{ball}"]
    assert len(marks) == 1, "no off-table mark in the SVG"
    mark = marks[0]
    rings = [c for c in mark.iter(f"{NS}circle") if c.get("stroke") == colour]
    assert rings, "no ring in the ball's colour"
    ring = rings[0]
    assert math.dist((float(ring.get("cx", 0)), float(ring.get("cy", 0))), at) <= 1.0
    arms = [p for p in mark.iter(f"{NS}path") if p.get("stroke") == colour]
    assert arms, "no cross in the ball's colour"
    ends = [float(v) for v in re.findall(r"-?\d+\.?\d*", arms[0].get("d", ""))]
    middle = (sum(ends[0::2]) / len(ends[0::2]), sum(ends[1::2]) / len(ends[1::2]))
    assert math.dist(middle, at) <= 1.0  # the cross centred on the crossing
    assert 0 <= at[0] <= 800 and 0 <= at[1] <= g.height  # on the drawn table
    where = mark.get("data-where", "")
    said = ["".join(t.itertext()) for t in root.iter(f"{NS}text")]
    assert WORDS[(lang, where)] in said, said

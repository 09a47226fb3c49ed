"""A line the card shows in part says so: 14.1, Anna's soft break (14.1
rule 6: an illegal break, Boris chooses). In a low window the choice's card
ended a row «…биток и хотя бы 2» over «ещё 3 строки: V», read as the whole
of what the rule asks; the row a line goes on from ends with "…"."""

from __future__ import annotations

import pygame
import pytest

from simulator.app.text.ui import ELLIPSIS
from tests.app.helpers import make_app
from tests.app.scenes import LANGS
from tests.app.test_playfix17_rulings import soft_break

SIZES3 = ((1280, 720), (1100, 650), (800, 500))


@pytest.mark.parametrize("size", SIZES3, ids=("1280x720", "1100x650", "800x500"))
@pytest.mark.parametrize("lang", LANGS)
def test_a_row_a_line_goes_on_from_ends_with_an_ellipsis(
        lang: str, size: tuple[int, int]) -> None:
    app = make_app(lang, size)
    try:
        soft_break(app, "14.1", 0.3)
        assert app.dialogs and app.dialogs[-1].kind == "choice"
        d = app.dialogs[-1]
        paras = [" ".join(p.split()) for p in d.body.split("\n")]
        notes = {app.t(k, n=n) for n in range(1, 60)
                 for k in ("ruling.more", "dialog.more")}
        said = [" ".join(t.shown.split()) for t in app.texts]
        assert any(x in notes for x in said) or size != (800, 500) or \
            lang != "ru", said  # (the case seen: a line cut under the card)
        for k, row in enumerate(said[:-1]):
            if said[k + 1] not in notes or not row:
                continue
            # (the last row over "N more": its line ends there, or "…" says
            # it goes on)
            ends = any(p.endswith(row) for p in paras)
            assert ends or row.endswith(ELLIPSIS), (row, said)
        assert not app.errors
    finally:
        pygame.display.quit()

"""In a notebook: an Artifact shows its pool table and the plan picture, the same SVG
`arenastore inspect --svg` draws."""
import xml.dom.minidom

import pytest

import arenastore
from conftest import EXAMPLES


@pytest.mark.parametrize("example", EXAMPLES)
def test_the_plan_picture_is_the_svg_inspect_draws(cli, tmp_path, example):
    artifact = arenastore.compile(example=example)
    artifact.save(tmp_path / "a.arena")
    cli("inspect", tmp_path / "a.arena", "--svg", tmp_path / "plan.svg")
    assert artifact.plan_svg() == artifact._repr_svg_() == (tmp_path / "plan.svg").read_text()


def test_an_artifacts_html_holds_its_pool_table_and_plan_picture():
    artifact = arenastore.compile(example="ds-cnn", pools={"sram": "512K"})
    shown = artifact._repr_html_()
    document = xml.dom.minidom.parseString(shown)  # well formed: the table and the inline SVG
    cells = [[cell.firstChild.data if cell.firstChild else "" for cell in row.childNodes]
             for row in document.getElementsByTagName("tr")]
    assert cells[0] == ["pool", "kind", "planned B", "capacity B", "alignment"]
    assert [row[0] for row in cells[1:]] == [p.name for p in artifact.plan.pools]
    assert [row[2] for row in cells[1:]] == [f"{p.planned_bytes:,}" for p in artifact.plan.pools]
    assert artifact.plan_svg() in shown
    assert len(document.getElementsByTagName("svg")) == 1

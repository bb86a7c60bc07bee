"""Lists and reads XMage's test classes (``Mage.Tests/src/test/java``) of one snapshot.

The same two kinds of source as the card importer (``source.MageSource``): a checkout, or
a bare git directory with a commit. The card classes (``Mage.Sets``) and the framework are
read through ``MageSource`` itself; this only adds the test tree.
"""

from __future__ import annotations

from pathlib import Path

from .source import MageSource, SourceError

__all__ = ["TESTS_DIR", "TestSource"]

TESTS_DIR = "Mage.Tests/src/test/java"


class TestSource(MageSource):
    """``MageSource`` over the test tree as well as the card and framework trees."""

    def __init__(self, path: Path, commit: str | None = None) -> None:
        super().__init__(path, commit)
        if self.kind == "checkout" and not (self.path / TESTS_DIR).is_dir():
            raise SourceError(f"{self.path} has no {TESTS_DIR}")

    def _list_git(self) -> None:
        super()._list_git()
        out = self._run("ls-tree", "-r", "--full-tree", self.commit, "--", TESTS_DIR)
        n = 0
        for line in out.decode("utf-8").splitlines():
            meta, _, path = line.partition("\t")
            parts = meta.split()
            if len(parts) == 3 and parts[1] == "blob" and path.endswith(".java"):
                self._blobs[path] = parts[2]
                n += 1
        if not n:
            raise SourceError(f"commit {self.commit} has no {TESTS_DIR}")

    def tests(self) -> list[str]:
        """Sorted paths of every ``.java`` file of the test tree."""
        return self.list(TESTS_DIR)

"""Read an XMage tree: a checkout directory, or a bare git directory at a given commit.

Only text is read (``git cat-file --batch`` for a bare repository); nothing is compiled
or run. Paths are repository-relative with forward slashes.
"""

from __future__ import annotations

import subprocess
from pathlib import Path

__all__ = ["MageSource", "SourceError", "CARDS_DIR", "SETS_DIR", "FRAMEWORK_DIR"]

CARDS_DIR = "Mage.Sets/src/mage/cards"
SETS_DIR = "Mage.Sets/src/mage/sets"
FRAMEWORK_DIR = "Mage/src/main/java/mage"


class SourceError(RuntimeError):
    """The XMage tree cannot be read (missing folder, bad commit, git failure)."""


class MageSource:
    """Lists and reads ``.java`` files of one XMage snapshot."""

    def __init__(self, path: Path, commit: str | None = None) -> None:
        self.path = Path(path)
        self.commit = commit
        self._git = None
        self._blobs: dict[str, str] = {}
        if (self.path / "Mage.Sets").is_dir():
            self.kind = "checkout"
            if commit:
                raise SourceError("--commit is only for a bare git directory")
        elif (self.path / "objects").is_dir() or (self.path / "HEAD").is_file():
            self.kind = "git"
            if not commit:
                raise SourceError("a bare git directory needs --commit")
            self._list_git()
        else:
            raise SourceError(f"{self.path} is neither an XMage checkout nor a git directory")

    # --------------------------------------------------------------------- git
    def _run(self, *args: str, data: bytes | None = None) -> bytes:
        try:
            proc = subprocess.run(
                ["git", f"--git-dir={self.path}", *args],
                input=data,
                capture_output=True,
                check=False,
                timeout=600,
            )
        except (OSError, subprocess.TimeoutExpired) as exc:
            raise SourceError(f"git failed: {exc}") from exc
        if proc.returncode:
            raise SourceError(f"git {' '.join(args)}: {proc.stderr.decode(errors='replace')}")
        return proc.stdout

    def _list_git(self) -> None:
        out = self._run(
            "ls-tree", "-r", "--full-tree", self.commit, "--", CARDS_DIR, SETS_DIR, FRAMEWORK_DIR
        )
        for line in out.decode("utf-8").splitlines():
            meta, _, path = line.partition("\t")
            parts = meta.split()
            if len(parts) == 3 and parts[1] == "blob" and path.endswith(".java"):
                self._blobs[path] = parts[2]
        if not self._blobs:
            raise SourceError(f"commit {self.commit} has no XMage card classes")

    def resolved_commit(self) -> str | None:
        if self.kind == "git":
            return self._run("rev-parse", self.commit).decode().strip()
        head = self.path / ".git"
        if head.exists():
            try:
                return subprocess.run(
                    ["git", "-C", str(self.path), "rev-parse", "HEAD"],
                    capture_output=True,
                    check=True,
                    text=True,
                ).stdout.strip()
            except (OSError, subprocess.CalledProcessError):
                return None
        return None

    # ------------------------------------------------------------------ files
    def list(self, folder: str) -> list[str]:
        """Sorted ``.java`` paths under ``folder`` (recursive)."""
        prefix = folder.rstrip("/") + "/"
        if self.kind == "git":
            return sorted(p for p in self._blobs if p.startswith(prefix))
        base = self.path / folder
        if not base.is_dir():
            return []
        return sorted(
            p.relative_to(self.path).as_posix() for p in base.rglob("*.java") if p.is_file()
        )

    def read_many(self, paths: list[str]) -> dict[str, str]:
        """Text of many files at once (one ``git cat-file --batch`` for a bare repo)."""
        if self.kind != "git":
            return {p: (self.path / p).read_text(encoding="utf-8", errors="replace") for p in paths}
        want = [p for p in paths if p in self._blobs]
        missing = sorted(set(paths) - set(want))
        if missing:
            raise SourceError(f"not in commit {self.commit}: {missing[:3]}")
        data = "".join(self._blobs[p] + "\n" for p in want).encode()
        out = self._run("cat-file", "--batch", data=data)
        result: dict[str, str] = {}
        pos = 0
        for p in want:
            nl = out.index(b"\n", pos)
            header = out[pos:nl].split()
            size = int(header[2])
            body = out[nl + 1 : nl + 1 + size]
            result[p] = body.decode("utf-8", errors="replace")
            pos = nl + 1 + size + 1
        return result

    def read(self, path: str) -> str:
        return self.read_many([path])[path]

    def exists(self, path: str) -> bool:
        if self.kind == "git":
            return path in self._blobs
        return (self.path / path).is_file()

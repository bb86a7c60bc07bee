"""A small Java reader for XMage card classes: tokenizer, expression and statement parser.

Only what card constructors use is understood: ``new X(args)`` trees, method chains,
local variables, lambdas, static blocks. Anything else becomes an ``Opaque`` node
naming what it is, so the translator can mark that ability untranslated instead of
guessing. Nothing is compiled or run.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

__all__ = [
    "JavaError",
    "Tok",
    "tokenize",
    "Lit",
    "Name",
    "New",
    "Call",
    "Field",
    "Unary",
    "Binary",
    "Ternary",
    "Cast",
    "Lambda",
    "ArrayInit",
    "MethodRef",
    "Opaque",
    "Decl",
    "ExprStmt",
    "Block",
    "Unsupported",
    "If",
    "TypeDecl",
    "Member",
    "parse_file",
    "parse_block",
    "parse_expr",
]


class JavaError(ValueError):
    """The text is not Java this reader understands (position in the message)."""


@dataclass(frozen=True, slots=True)
class Tok:
    kind: str  # id, num, str, chr, op
    text: str
    pos: int


_TOKEN = re.compile(
    r"""
    (?P<ws>\s+)
  | (?P<lcomment>//[^\n]*)
  | (?P<bcomment>/\*.*?\*/)
  | (?P<text>\"\"\".*?\"\"\")
  | (?P<str>"(?:[^"\\\n]|\\.)*")
  | (?P<chr>'(?:[^'\\\n]|\\.)+')
  | (?P<num>0[xX][0-9a-fA-F_]+[lL]?|\d[\d_]*(?:\.\d+)?(?:[eE][+-]?\d+)?[lLfFdD]?)
  | (?P<id>[A-Za-z_$@][\w$]*)
  | (?P<op>->|::|\.\.\.|==|!=|<=|>=|&&|\|\||\+\+|--|\+=|-=|\*=|/=|%=|&=|\|=|\^=
           |[{}()\[\];,.<>=!~?:+\-*/%&|^])
    """,
    re.S | re.X,
)

_ESCAPES = {"n": "\n", "t": "\t", "r": "\r", '"': '"', "'": "'", "\\": "\\", "0": "\0"}


def _unescape(body: str) -> str:
    return re.sub(r"\\(u+[0-9a-fA-F]{4}|.)", _esc, body)


def _esc(m: re.Match) -> str:
    s = m.group(1)
    if s.startswith("u"):
        return chr(int(s.lstrip("u"), 16))
    return _ESCAPES.get(s, s)


def tokenize(src: str) -> list[Tok]:
    """Java tokens without whitespace and comments; raises JavaError on a stray character."""
    out: list[Tok] = []
    pos = 0
    n = len(src)
    while pos < n:
        m = _TOKEN.match(src, pos)
        if m is None:
            raise JavaError(f"unexpected character {src[pos]!r} at {pos}")
        kind = m.lastgroup
        text = m.group()
        if kind == "str":
            out.append(Tok("str", _unescape(text[1:-1]), pos))
        elif kind == "text":
            out.append(Tok("str", _unescape(text[3:-3].strip()), pos))
        elif kind == "chr":
            out.append(Tok("chr", _unescape(text[1:-1]), pos))
        elif kind in ("num", "id", "op"):
            out.append(Tok(kind, text, pos))
        pos = m.end()
    return out


# --------------------------------------------------------------------------- AST
@dataclass(frozen=True, slots=True)
class Lit:
    value: object


@dataclass(frozen=True, slots=True)
class Name:
    """A simple or dotted name: ``filter``, ``Duration.EndOfTurn``, ``StaticFilters.X``."""

    dotted: str


@dataclass(frozen=True, slots=True)
class New:
    cls: str
    args: tuple
    anon_body: bool = False  # an anonymous subclass body followed


@dataclass(frozen=True, slots=True)
class Call:
    recv: object | None  # None: an unqualified call
    name: str
    args: tuple


@dataclass(frozen=True, slots=True)
class Field:
    recv: object
    name: str


@dataclass(frozen=True, slots=True)
class Unary:
    op: str
    expr: object


@dataclass(frozen=True, slots=True)
class Binary:
    op: str
    left: object
    right: object


@dataclass(frozen=True, slots=True)
class Ternary:
    cond: object
    then: object
    other: object


@dataclass(frozen=True, slots=True)
class Cast:
    type: str
    expr: object


@dataclass(frozen=True, slots=True)
class Lambda:
    params: tuple
    body: object  # an expression or a Block


@dataclass(frozen=True, slots=True)
class ArrayInit:
    type: str
    items: tuple


@dataclass(frozen=True, slots=True)
class MethodRef:
    recv: object
    name: str


@dataclass(frozen=True, slots=True)
class Opaque:
    what: str


@dataclass(frozen=True, slots=True)
class Decl:
    type: str
    name: str
    init: object | None


@dataclass(frozen=True, slots=True)
class ExprStmt:
    expr: object


@dataclass(frozen=True, slots=True)
class Block:
    stmts: tuple


@dataclass(frozen=True, slots=True)
class If:
    cond: object
    then: object
    other: object | None


@dataclass(frozen=True, slots=True)
class Unsupported:
    """A statement kind the executor does not follow (if, for, while, switch, try...)."""

    what: str


@dataclass
class Member:
    kind: str  # field, method, ctor, static, init, type
    name: str
    type: str = ""
    modifiers: tuple = ()
    init: object | None = None  # field initializer expression
    body: Block | None = None  # method/constructor/static body
    params: tuple = ()


@dataclass
class TypeDecl:
    kind: str  # class, enum, interface, record
    name: str
    extends: str
    implements: tuple
    members: list[Member] = field(default_factory=list)
    enum_constants: tuple = ()


# ------------------------------------------------------------------------ parser
_BINARY_PREC = {
    "||": 1,
    "&&": 2,
    "|": 3,
    "^": 4,
    "&": 5,
    "==": 6,
    "!=": 6,
    "<": 7,
    ">": 7,
    "<=": 7,
    ">=": 7,
    "instanceof": 7,
    "+": 9,
    "-": 9,
    "*": 10,
    "/": 10,
    "%": 10,
}
_ASSIGN = {"=", "+=", "-=", "*=", "/=", "%=", "&=", "|=", "^="}
_MODIFIERS = {
    "public",
    "private",
    "protected",
    "static",
    "final",
    "abstract",
    "synchronized",
    "transient",
    "volatile",
    "native",
    "strictfp",
    "default",
    "sealed",
    "non-sealed",
}
_KEYWORD_LITS = {"true": True, "false": False, "null": None}


class _Parser:
    def __init__(self, toks: list[Tok]) -> None:
        self.t = toks
        self.i = 0

    # ---- helpers
    def peek(self, k: int = 0) -> Tok | None:
        j = self.i + k
        return self.t[j] if j < len(self.t) else None

    def at(self, text: str, k: int = 0) -> bool:
        tok = self.peek(k)
        return tok is not None and tok.text == text and tok.kind in ("op", "id")

    def next(self) -> Tok:
        tok = self.peek()
        if tok is None:
            raise JavaError("unexpected end of input")
        self.i += 1
        return tok

    def expect(self, text: str) -> Tok:
        tok = self.next()
        if tok.text != text:
            raise JavaError(f"expected {text!r}, found {tok.text!r} at {tok.pos}")
        return tok

    def skip_balanced(self, open_: str, close: str) -> None:
        """Skip from an opening bracket (current token) to after its match."""
        self.expect(open_)
        depth = 1
        while depth:
            tok = self.next()
            if tok.kind == "op":
                if tok.text == open_:
                    depth += 1
                elif tok.text == close:
                    depth -= 1

    def skip_generics(self) -> str:
        """Skip ``<...>`` (current token is ``<``); returns its text."""
        start = self.i
        depth = 0
        while True:
            tok = self.next()
            if tok.text == "<":
                depth += 1
            elif tok.text == ">":
                depth -= 1
            elif tok.text in (">>", ">>>"):
                depth -= len(tok.text)
            if depth <= 0:
                break
            if tok.text in (";", "{", "}", "(", ")") and tok.kind == "op":
                raise JavaError(f"unbalanced generics at {tok.pos}")
        return "".join(x.text for x in self.t[start : self.i])

    def skip_annotation(self) -> None:
        self.next()  # @Name
        while self.at("."):
            self.next()
            self.next()
        if self.at("("):
            self.skip_balanced("(", ")")

    # ---- types
    def parse_type(self) -> str:
        """A type: ``Foo.Bar<Baz>[]``; returns its text (generics dropped)."""
        tok = self.next()
        if tok.kind != "id":
            raise JavaError(f"expected a type, found {tok.text!r} at {tok.pos}")
        parts = [tok.text]
        while self.at(".") and self.peek(1) is not None and self.peek(1).kind == "id":
            self.next()
            parts.append(self.next().text)
        if self.at("<"):
            self.skip_generics()
            while self.at(".") and self.peek(1) is not None and self.peek(1).kind == "id":
                self.next()
                parts.append(self.next().text)
                if self.at("<"):
                    self.skip_generics()
        dims = ""
        while self.at("[") and self.at("]", 1):
            self.next()
            self.next()
            dims += "[]"
        if self.at("..."):
            self.next()
            dims += "[]"
        return ".".join(parts) + dims

    def looks_like_decl(self) -> bool:
        """At ``Type name =|;|,|:`` (a local variable declaration)?"""
        save = self.i
        try:
            while self.at("final") or (self.peek() and self.peek().text.startswith("@")):
                if self.at("final"):
                    self.next()
                else:
                    self.skip_annotation()
            tok = self.peek()
            if (
                tok is None
                or tok.kind != "id"
                or tok.text in _KEYWORD_LITS
                or tok.text
                in (
                    "return",
                    "new",
                    "this",
                    "super",
                    "throw",
                )
            ):
                return False
            self.parse_type()
            name = self.peek()
            if name is None or name.kind != "id":
                return False
            self.next()
            return self.at("=") or self.at(";") or self.at(",") or self.at(":")
        except JavaError:
            return False
        finally:
            self.i = save

    # ---- expressions
    def expr(self) -> object:
        left = self.ternary()
        tok = self.peek()
        if tok is not None and tok.kind == "op" and tok.text in _ASSIGN:
            self.next()
            right = self.expr()
            return Binary(tok.text, left, right)
        return left

    def ternary(self) -> object:
        cond = self.binary(1)
        if self.at("?"):
            self.next()
            then = self.ternary()
            self.expect(":")
            other = self.ternary()
            return Ternary(cond, then, other)
        return cond

    def binary(self, min_prec: int) -> object:
        left = self.unary()
        while True:
            tok = self.peek()
            if tok is None:
                return left
            text = tok.text
            # shifts come as two '<' / '>' tokens
            if text in ("<", ">") and self.at(text, 1) and tok.pos + 1 == self.peek(1).pos:
                prec = 8
                if prec < min_prec:
                    return left
                self.next()
                self.next()
                if text == ">" and self.at(">") and self.peek().pos == tok.pos + 2:
                    self.next()
                right = self.binary(prec + 1)
                left = Binary(text * 2, left, right)
                continue
            prec = _BINARY_PREC.get(text) if tok.kind in ("op", "id") else None
            if prec is None or prec < min_prec:
                return left
            self.next()
            if text == "instanceof":
                typ = self.parse_type()
                if self.peek() is not None and self.peek().kind == "id":
                    self.next()  # pattern variable
                left = Binary("instanceof", left, Name(typ))
                continue
            right = self.binary(prec + 1)
            left = Binary(text, left, right)

    def unary(self) -> object:
        tok = self.peek()
        if tok is None:
            raise JavaError("unexpected end of expression")
        if tok.kind == "op" and tok.text in ("!", "-", "+", "~", "++", "--"):
            self.next()
            inner = self.unary()
            if tok.text == "-" and isinstance(inner, Lit) and isinstance(inner.value, int | float):
                return Lit(-inner.value)
            return Unary(tok.text, inner)
        if tok.text == "(" and self._is_cast():
            self.next()
            typ = self.parse_type()
            while self.at("&"):
                self.next()
                self.parse_type()
            self.expect(")")
            return Cast(typ, self.unary())
        return self.postfix(self.primary())

    def _is_cast(self) -> bool:
        save = self.i
        try:
            self.next()
            tok = self.peek()
            if tok is None or tok.kind != "id":
                return False
            typ = self.parse_type()
            while self.at("&"):
                self.next()
                self.parse_type()
            if not self.at(")"):
                return False
            self.next()
            nxt = self.peek()
            if nxt is None:
                return False
            prim = typ in ("int", "long", "double", "float", "boolean", "char", "short", "byte")
            if prim:
                return True
            if not typ.split(".")[-1][:1].isupper():
                return False
            return nxt.kind in ("id", "num", "str", "chr") or nxt.text in ("(", "!", "~")
        except JavaError:
            return False
        finally:
            self.i = save

    def args(self) -> tuple:
        self.expect("(")
        out = []
        if self.at(")"):
            self.next()
            return ()
        while True:
            out.append(self.expr())
            if self.at(","):
                self.next()
                continue
            self.expect(")")
            return tuple(out)

    def _is_lambda_params(self) -> bool:
        """At ``(a, b) ->`` or ``(Type a) ->``?"""
        save = self.i
        try:
            self.skip_balanced("(", ")")
            return self.at("->")
        except JavaError:
            return False
        finally:
            self.i = save

    def lambda_body(self, params: tuple) -> Lambda:
        self.expect("->")
        if self.at("{"):
            return Lambda(params, self.block())
        return Lambda(params, self.expr())

    def primary(self) -> object:
        tok = self.peek()
        if tok is None:
            raise JavaError("unexpected end of expression")
        if tok.kind == "num":
            self.next()
            return Lit(_number(tok.text))
        if tok.kind == "str":
            self.next()
            return Lit(tok.text)
        if tok.kind == "chr":
            self.next()
            return Lit(tok.text)
        if tok.text == "(":
            if self._is_lambda_params():
                start = self.i
                self.skip_balanced("(", ")")
                params = tuple(t.text for t in self.t[start + 1 : self.i - 1] if t.kind == "id")
                return self.lambda_body(params)
            self.next()
            inner = self.expr()
            self.expect(")")
            return inner
        if tok.text == "{":  # array initializer in a declaration
            return ArrayInit("", self.array_items())
        if tok.kind == "id":
            if tok.text in _KEYWORD_LITS:
                self.next()
                return Lit(_KEYWORD_LITS[tok.text])
            if tok.text == "new":
                return self.new_expr()
            if tok.text == "switch":
                self.next()
                self.skip_balanced("(", ")")
                self.skip_balanced("{", "}")
                return Opaque("switch expression")
            if self.at("->", 1):
                self.next()
                return self.lambda_body((tok.text,))
            self.next()
            if self.at("("):
                return Call(None, tok.text, self.args())
            return Name(tok.text)
        raise JavaError(f"unexpected {tok.text!r} at {tok.pos}")

    def array_items(self) -> tuple:
        self.expect("{")
        items = []
        while not self.at("}"):
            items.append(self.expr())
            if self.at(","):
                self.next()
        self.expect("}")
        return tuple(items)

    def new_expr(self) -> object:
        self.expect("new")
        tok = self.next()
        if tok.kind != "id":
            raise JavaError(f"expected a class after new at {tok.pos}")
        parts = [tok.text]
        while self.at(".") and self.peek(1) is not None and self.peek(1).kind == "id":
            self.next()
            parts.append(self.next().text)
        if self.at("<"):
            self.skip_generics()
        cls = ".".join(parts)
        if self.at("["):
            # array creation: new T[]{...} or new T[n]
            dims = []
            while self.at("["):
                self.next()
                if self.at("]"):
                    self.next()
                    dims.append(None)
                else:
                    dims.append(self.expr())
                    self.expect("]")
            if self.at("{"):
                return ArrayInit(cls, self.array_items())
            return Opaque(f"new {cls}[]")
        args = self.args()
        if self.at("{"):
            self.skip_balanced("{", "}")
            return New(cls, args, anon_body=True)
        return New(cls, args)

    def postfix(self, node: object) -> object:
        while True:
            if self.at("."):
                self.next()
                if self.at("<"):
                    self.skip_generics()
                tok = self.next()
                if tok.text == "new":  # inner class creation: outer.new X()
                    self.i -= 1
                    node = self.new_expr()
                    continue
                if tok.kind != "id":
                    raise JavaError(f"expected a member name at {tok.pos}")
                if self.at("("):
                    node = Call(node, tok.text, self.args())
                elif isinstance(node, Name):
                    node = Name(f"{node.dotted}.{tok.text}")
                else:
                    node = Field(node, tok.text)
            elif self.at("::"):
                self.next()
                tok = self.next()
                node = MethodRef(node, tok.text)
            elif self.at("[") and self.at("]", 1):
                self.next()
                self.next()
                node = Name(f"{getattr(node, 'dotted', '?')}[]")
            elif self.at("["):
                self.next()
                idx = self.expr()
                self.expect("]")
                node = Call(node, "[]", (idx,))
            elif self.at("++") or self.at("--"):
                op = self.next().text
                node = Unary("post" + op, node)
            else:
                return node

    # ---- statements
    def block(self) -> Block:
        self.expect("{")
        stmts = []
        while not self.at("}"):
            if self.peek() is None:
                raise JavaError("unexpected end of input in a block")
            stmts.extend(self.statement())
        self.expect("}")
        return Block(tuple(stmts))

    def statement(self) -> list:
        tok = self.peek()
        if tok is None:
            raise JavaError("unexpected end of block")
        if tok.text == "{":
            return [self.block()]
        if tok.text == ";":
            self.next()
            return []
        if tok.kind == "id" and tok.text in (
            "if",
            "for",
            "while",
            "do",
            "switch",
            "try",
            "synchronized",
        ):
            return [self.skip_compound(tok.text)]
        if tok.kind == "id" and tok.text in ("return", "throw", "break", "continue", "assert"):
            self.next()
            while not self.at(";"):
                if self.at("{"):
                    self.skip_balanced("{", "}")
                elif self.at("("):
                    self.skip_balanced("(", ")")
                else:
                    self.next()
            self.next()
            return [Unsupported(tok.text)] if tok.text != "return" else []
        if tok.kind == "id" and tok.text in ("class", "enum", "interface", "record"):
            raise JavaError(f"local type declaration at {tok.pos}")
        if self.looks_like_decl():
            while self.at("final") or self.peek().text.startswith("@"):
                if self.at("final"):
                    self.next()
                else:
                    self.skip_annotation()
            typ = self.parse_type()
            out = []
            while True:
                name = self.next().text
                init = None
                if self.at("="):
                    self.next()
                    init = self.expr()
                out.append(Decl(typ, name, init))
                if self.at(","):
                    self.next()
                    continue
                break
            self.expect(";")
            return out
        expr = self.expr()
        self.expect(";")
        return [ExprStmt(expr)]

    def skip_compound(self, kw: str) -> Unsupported | If:
        self.next()
        if kw == "if":
            self.expect("(")
            cond = self.expr()
            self.expect(")")
            then = Block(tuple(self.statement()))
            other = None
            if self.at("else"):
                self.next()
                other = Block(tuple(self.statement()))
            return If(cond, then, other)
        if kw == "do":
            self.statement()
            self.expect("while")
            self.skip_balanced("(", ")")
            self.expect(";")
            return Unsupported(kw)
        if kw == "try":
            if self.at("("):
                self.skip_balanced("(", ")")
            self.skip_balanced("{", "}")
            while self.at("catch") or self.at("finally"):
                self.next()
                if self.at("("):
                    self.skip_balanced("(", ")")
                self.skip_balanced("{", "}")
            return Unsupported(kw)
        self.skip_balanced("(", ")")
        if kw == "switch":
            self.skip_balanced("{", "}")
            return Unsupported(kw)
        self.statement()
        if kw == "if" and self.at("else"):
            self.next()
            self.statement()
        return Unsupported(kw)

    # ---- type declarations
    def type_decls(self) -> list[TypeDecl]:
        out = []
        while self.peek() is not None:
            tok = self.peek()
            if tok.text in ("package", "import"):
                while not self.at(";"):
                    self.next()
                self.next()
            elif tok.text.startswith("@"):
                self.skip_annotation()
            elif tok.text in _MODIFIERS:
                self.next()
            elif tok.text in ("class", "enum", "interface", "record"):
                out.extend(self.type_decl())
            elif tok.text == ";":
                self.next()
            else:
                raise JavaError(f"unexpected {tok.text!r} at top level ({tok.pos})")
        return out

    def type_decl(self) -> list[TypeDecl]:
        kind = self.next().text
        name = self.next().text
        if self.at("<"):
            self.skip_generics()
        if kind == "record" and self.at("("):
            self.skip_balanced("(", ")")
        extends = ""
        implements: list[str] = []
        while not self.at("{"):
            tok = self.next()
            if tok.text == "extends":
                extends = self.parse_type().split(".")[-1]
                while self.at(","):
                    self.next()
                    self.parse_type()
            elif tok.text == "implements" or tok.text == "permits":
                implements.append(self.parse_type())
                while self.at(","):
                    self.next()
                    implements.append(self.parse_type())
        decl = TypeDecl(kind, name, extends, tuple(implements))
        nested: list[TypeDecl] = []
        self.expect("{")
        if kind == "enum":
            consts = []
            while not self.at(";") and not self.at("}"):
                if self.peek().text.startswith("@"):
                    self.skip_annotation()
                    continue
                consts.append(self.next().text)
                if self.at("("):
                    self.skip_balanced("(", ")")
                if self.at("{"):
                    self.skip_balanced("{", "}")
                if self.at(","):
                    self.next()
            decl.enum_constants = tuple(consts)
            if self.at(";"):
                self.next()
        while not self.at("}"):
            if self.peek() is None:
                raise JavaError(f"unexpected end of input in {kind} {name}")
            nested.extend(self.member(decl))
        self.expect("}")
        return [decl, *nested]

    def member(self, decl: TypeDecl) -> list[TypeDecl]:
        mods: list[str] = []
        while True:
            tok = self.peek()
            if tok.text.startswith("@") and tok.text != "@interface":
                self.skip_annotation()
            elif tok.text in _MODIFIERS:
                mods.append(self.next().text)
            else:
                break
        tok = self.peek()
        if tok.text == ";":
            self.next()
            return []
        if tok.text == "{":
            body = self._body()
            decl.members.append(Member("static" if "static" in mods else "init", "", body=body))
            return []
        if tok.text in ("class", "enum", "interface", "record", "@interface"):
            return self.type_decl()
        if self.at("<"):
            self.skip_generics()
        # constructor: Name(
        if self.peek().kind == "id" and self.at("(", 1):
            name = self.next().text
            params = self._params()
            self._skip_throws()
            body = self._body()
            kind = "ctor" if name == decl.name else "method"
            decl.members.append(Member(kind, name, modifiers=tuple(mods), body=body, params=params))
            return []
        typ = self.parse_type()
        name = self.next().text
        if self.at("("):
            params = self._params()
            self._skip_throws()
            if self.at("default"):
                while not self.at(";"):
                    self.next()
            if self.at(";"):
                self.next()
                body = None
            else:
                body = self._body()
            decl.members.append(Member("method", name, typ, tuple(mods), body=body, params=params))
            return []
        while True:
            while self.at("["):
                self.next()
                self.expect("]")
            init = None
            if self.at("="):
                self.next()
                start = self.i
                try:
                    init = self.expr()
                except JavaError as exc:
                    init = Opaque(f"unparsed initializer ({exc})")
                    self.i = start
                    self._skip_to(";,")
            decl.members.append(Member("field", name, typ, tuple(mods), init=init))
            if self.at(","):
                self.next()
                name = self.next().text
                continue
            break
        self.expect(";")
        return []

    def _skip_to(self, stops: str) -> None:
        depth = 0
        while True:
            tok = self.peek()
            if tok is None:
                return
            if tok.text in "([{" and tok.kind == "op":
                depth += 1
            elif tok.text in ")]}" and tok.kind == "op":
                depth -= 1
            elif depth == 0 and tok.text in stops and tok.kind == "op":
                return
            self.next()

    def _params(self) -> tuple:
        """Parameters as ((type, name), ...); varargs types end in "..."."""
        start = self.i
        self.skip_balanced("(", ")")
        toks = self.t[start + 1 : self.i - 1]
        groups: list[list[Tok]] = [[]]
        depth = 0
        for t in toks:
            if t.text == "<":
                depth += 1
            elif t.text == ">":
                depth -= 1
            elif t.text == ">>":
                depth -= 2
            if t.text == "," and depth == 0:
                groups.append([])
            else:
                groups[-1].append(t)
        out = []
        for g in groups:
            ids = [
                t for t in g if t.kind == "id" and t.text != "final" and not t.text.startswith("@")
            ]
            if not ids:
                continue
            typ = ids[0].text if len(ids) > 1 else ""
            if any(t.text == "..." for t in g):
                typ += "..."
            out.append((typ, ids[-1].text))
        return tuple(out)

    def _skip_throws(self) -> None:
        if self.at("throws"):
            self.next()
            self.parse_type()
            while self.at(","):
                self.next()
                self.parse_type()

    def _body(self) -> Block:
        """A method body: parsed when possible, else an Unsupported marker block."""
        start = self.i
        try:
            return self.block()
        except JavaError as exc:
            self.i = start
            self.skip_balanced("{", "}")
            return Block((Unsupported(f"unparsed body ({exc})"),))


def _number(text: str) -> int | float:
    t = text.replace("_", "").rstrip("lLfFdD") if not text.lower().startswith("0x") else text
    if t.lower().startswith("0x"):
        return int(t.replace("_", "").rstrip("lL"), 16)
    if "." in t or "e" in t.lower():
        return float(t)
    return int(t)


def parse_file(src: str) -> list[TypeDecl]:
    """All type declarations of a Java file (nested ones flattened after their parent)."""
    return _Parser(tokenize(src)).type_decls()


def parse_block(src: str) -> Block:
    return _Parser(tokenize(src)).block()


def parse_expr(src: str) -> object:
    p = _Parser(tokenize(src))
    out = p.expr()
    if p.peek() is not None:
        raise JavaError(f"trailing input at {p.peek().pos}")
    return out

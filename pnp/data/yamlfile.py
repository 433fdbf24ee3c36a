"""YAML files of a project: read as text, parsed safely, alias expansion bounded (PyYAML loaded on first parse,
and not at all when every file comes from the parsed-YAML cache)."""

from __future__ import annotations

import re
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING, Any

from pnp.data.files import read_regular
from pnp.data.yamlcache import YAML_CACHES
from pnp.errors import PnpError
from pnp.limits import MAX_YAML_BYTES, MAX_YAML_NODES

if TYPE_CHECKING:
    import yaml

BOOL_TAG = "tag:yaml.org,2002:bool"
CORE_BOOLEANS = re.compile(r"^(?:true|True|TRUE|false|False|FALSE)$")


@cache
def core_loader() -> Any:
    """PyYAML's safe loader (its C parser where there is one) with YAML 1.2's core booleans: only true and false;
    yes, no, on, off, y, n are text."""
    import yaml
    safe = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
    resolvers = {first: [(tag, pattern) for tag, pattern in found if tag != BOOL_TAG]
                 for first, found in safe.yaml_implicit_resolvers.items()}
    loader: Any = type("CoreLoader", (safe,), {"yaml_implicit_resolvers": resolvers})
    loader.add_implicit_resolver(BOOL_TAG, CORE_BOOLEANS, list("tTfF"))
    return loader


def read_text(path: Path, label: str, missing: str = "file not found",
              fix: str = "create it or fix the name in game.yaml", itself: str | None = None) -> str:
    """A YAML file's text (UTF-8, BOM allowed); a missing, huge or binary file is a one-line error (what is wrong
    with a file found is named by `itself`, when given, rather than by the label of the key that names it)."""
    raw = read_regular(path, label, MAX_YAML_BYTES, missing=missing, fix=fix, itself=itself,
                       large_fix="a layout or manifest is a few kB; split it or remove what is not needed")
    label = itself or label
    try:
        text = raw.decode("utf-8-sig")
    except UnicodeDecodeError:
        raise PnpError("not a text file (cannot decode it as UTF-8)", where=label,
                       fix="save it as UTF-8 text, or name the right file") from None
    if "\x00" in text:
        raise PnpError("not a text file (it holds NUL bytes)", where=label, fix="name the YAML file, not a binary one")
    return text


def load_yaml(text: str, label: str) -> Any:
    """Parse YAML text; more than MAX_YAML_NODES values once aliases are expanded is an error. Where a parsed-YAML
    cache is in use (a build's), a text parsed by an earlier build is taken from it."""
    cache = YAML_CACHES.store()
    if cache is not None:
        found, value = cache.read(text)
        if found:
            return value
    value, shared = _parsed(text, label)
    if cache is not None and not shared:
        cache.remember(text, value)
    return value


def _parsed(text: str, label: str) -> tuple[Any, bool]:
    """The parsed value, and whether a value stands in two places (an alias): such a value is not cached."""
    import yaml
    loader = core_loader()(text)
    try:
        node = loader.get_single_node()
        if node is None:
            return None, False
        sizes: dict[int, int] = {}
        size = expanded_size(node, sizes)
        if size > MAX_YAML_NODES:
            raise PnpError(f"the YAML expands to more than {MAX_YAML_NODES} values (aliases *name repeat "
                           "what &name marks)", where=label, fix="write the values out or use fewer aliases")
        check_duplicates(node, loader, label)
        return loader.construct_document(node), size != len(sizes)
    except yaml.YAMLError as exc:
        mark = getattr(exc, "problem_mark", None)
        line = f" at line {mark.line + 1}" if mark else ""
        problem = getattr(exc, "problem", None) or str(exc)
        raise PnpError(f"invalid YAML{line}: {problem}", where=label, fix="fix the YAML syntax") from None
    except RecursionError:
        raise PnpError("the YAML is nested too deeply", where=label, fix="flatten it") from None
    except ValueError as exc:  # a number Python will not read, such as a whole number of 5000 digits
        raise PnpError(f"invalid YAML: {str(exc).split(':')[0]}", where=label, fix="fix the value") from None
    finally:
        loader.dispose()


def expanded_size(root: yaml.Node, sizes: dict[int, int]) -> int:
    """How many values a node stands for with every alias written out (each shared node counted once)."""
    import yaml
    sequence, mapping = yaml.SequenceNode, yaml.MappingNode

    def size(node: yaml.Node) -> int:
        known = sizes.get(id(node))
        if known is not None:
            return known
        sizes[id(node)] = MAX_YAML_NODES + 1  # a node reaching itself (a recursive alias) is over the limit
        total = 1
        if isinstance(node, sequence):
            total += sum(size(child) for child in node.value)
        elif isinstance(node, mapping):
            total += sum(size(k) + size(v) for k, v in node.value)
        sizes[id(node)] = total = min(total, MAX_YAML_NODES + 1)
        return total

    return size(root)


def check_duplicates(root: yaml.Node, loader: Any, label: str) -> None:
    """Refuse a mapping that gives one key twice (YAML would keep the last in silence), naming both lines."""
    import yaml
    visited: set[int] = set()
    stack: list[tuple[yaml.Node, str]] = [(root, "")]
    while stack:
        node, where = stack.pop()
        if id(node) in visited:
            continue
        visited.add(id(node))
        if isinstance(node, yaml.SequenceNode):
            stack += [(child, f"{where}[{index}]") for index, child in enumerate(node.value)]
        elif isinstance(node, yaml.MappingNode):
            stack += _mapping_children(node, where, loader, label)


def _mapping_children(node: yaml.MappingNode, where: str, loader: Any, label: str) -> list[tuple[yaml.Node, str]]:
    """A mapping's values with their key paths; a key given twice is a one-line error."""
    import yaml
    lines: dict[Any, int] = {}
    children = []
    for key, value in node.value:
        if key.tag == "tag:yaml.org,2002:merge":  # <<: *base merges, and keys after it override on purpose
            children.append((value, where))
            continue
        name = loader.construct_object(key) if isinstance(key, yaml.ScalarNode) else None
        line = key.start_mark.line + 1
        if name in lines:
            lines_text = f"twice on line {line}" if lines[name] == line else f"on lines {lines[name]} and {line}"
            raise PnpError(f"key {str(key.value)!r} is given {lines_text}",
                           where=f"{label}: {where}" if where else label,
                           fix="remove one of them; YAML would keep only the last in silence")
        if name is not None:
            lines[name] = line
        children.append((value, f"{where}.{key.value}" if where else str(key.value)))
    return children

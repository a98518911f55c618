#!/usr/bin/env python3
"""Code tokens and comment characters in the library's sources: lines without layout.

    python3 Benchmarks/Scripts/code-tokens.py [TREE ...]     # default: this repository

A token is a word, a number or one other non-blank character, outside comments; a string
literal counts as one. Comment characters are those of `//` comments (the doc comments
included). Reflowing, joining lines or removing blank lines changes neither figure.
"""
import glob
import os
import re
import sys


def count(tree, folder):
    tokens = comment_chars = 0
    for path in glob.glob(os.path.join(tree, folder, "**", "*.swift"), recursive=True):
        text = open(path, encoding="utf-8").read()
        comment_chars += sum(len(m) for m in re.findall(r"//[^\n]*", text))
        text = re.sub(r"/\*.*?\*/", "", text, flags=re.S)
        text = re.sub(r'"(\\.|[^"\\\n])*"', '"S"', text)
        text = re.sub(r"//[^\n]*", "", text)
        tokens += len(re.findall(r"[A-Za-z_][A-Za-z0-9_]*|\d+|\S", text))
    return tokens, comment_chars


here = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
print("| tree | folder | code tokens | comment characters |")
print("|---|---|---:|---:|")
for tree in sys.argv[1:] or [here]:
    for folder in ("Sources/Scoped/Internal", "Sources/Scoped"):
        tokens, chars = count(tree, folder)
        print(f"| {tree} | {folder} | {tokens:,} | {chars:,} |")

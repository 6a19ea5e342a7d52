"""Grids: the type of a filled grid, and what a grid may be given as.
A leaf: every other module of the package may use it."""

from __future__ import annotations

from typing import List, Sequence, Union

__all__ = ["Grid", "GridLike"]

Grid = List[List[int]]
"""A grid: n rows of n values, 1..n."""

GridLike = Union[Sequence[Sequence[int]], str]
"""A grid as rows of integers, or as text (n lines of n numbers, ``#`` comments)."""

"""A least-recently-used memo bounded by entry count and by bytes: a server answering endless new
questions keeps its memory level (each memoised answer or page costs what its text costs)."""
from __future__ import annotations

import threading
from collections import OrderedDict
from typing import Any, Hashable


class BoundedLRU:
    def __init__(self, max_items: int, max_bytes: int):
        self.max_items = max_items
        self.max_bytes = max_bytes
        self.bytes = 0
        self._data: OrderedDict[Hashable, tuple[Any, int]] = OrderedDict()
        self._lock = threading.Lock()

    def get(self, key: Hashable) -> Any:
        with self._lock:
            hit = self._data.get(key)
            if hit is None:
                return None
            self._data.move_to_end(key)
            return hit[0]

    def put(self, key: Hashable, value: Any, size: int) -> None:
        """Keep `value` (about `size` bytes); one larger than a quarter of the budget is not kept."""
        if size > self.max_bytes // 4:
            return
        with self._lock:
            old = self._data.pop(key, None)
            if old is not None:
                self.bytes -= old[1]
            self._data[key] = (value, size)
            self.bytes += size
            while self._data and (len(self._data) > self.max_items or self.bytes > self.max_bytes):
                _, (_, n) = self._data.popitem(last=False)
                self.bytes -= n

    def clear(self) -> None:
        with self._lock:
            self._data.clear()
            self.bytes = 0

    def __len__(self) -> int:
        return len(self._data)

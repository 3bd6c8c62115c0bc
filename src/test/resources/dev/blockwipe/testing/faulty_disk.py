#!/usr/bin/env python3
"""A faulty disk for Blockwipe's tests.

Serves one file, disk.img, over a backing file through FUSE (direct I/O, so every request of a
loop device attached to it reaches this process), and a control file, ctl, that takes a JSON
object whose keys change how disk.img behaves from then on:

  writeErrors   [[offset, length, "EIO"], ...]  writes that touch a range fail with that errno
  readErrors    [[offset, length, "EIO"], ...]  the same for reads
  delay         seconds every request waits (a slow disk)
  stallAt       a request that touches this offset waits until stallAt is set to -1 again, or
                stallSeconds have passed (a request the disk does not answer)
  stallSeconds  the longest a stalled request waits (default 600)
  dead          true: every request fails with EIO (a disk that stopped answering)
  deadAfter     the disk dies once this many bytes were written to it (-1: never)
  shortWrites   a write takes at most this many bytes (0: all), as a device acknowledging part
                of a request

Reading ctl returns the settings and "requests" (requests served), "written" (bytes written)
and "stalled" (requests waiting at stallAt now).

Usage: faulty_disk.py BACKING_FILE MOUNTPOINT
"""
import errno
import json
import os
import sys
import threading
import time

from fusepy import FUSE, FuseOSError, Operations


class FaultyDisk(Operations):
    def __init__(self, backing):
        self.fd = os.open(backing, os.O_RDWR)
        self.size = os.fstat(self.fd).st_size
        self.lock = threading.Lock()
        self.ctl = {"writeErrors": [], "readErrors": [], "delay": 0, "stallAt": -1, "stallSeconds": 600,
                    "dead": False, "deadAfter": -1, "shortWrites": 0, "requests": 0, "written": 0,
                    "stalled": 0}

    def getattr(self, path, fh=None):
        if path == "/":
            return dict(st_mode=0o40700, st_nlink=2)
        if path == "/disk.img":
            return dict(st_mode=0o100600, st_nlink=1, st_size=self.size)
        if path == "/ctl":
            return dict(st_mode=0o100600, st_nlink=1, st_size=0)
        raise FuseOSError(errno.ENOENT)

    def readdir(self, path, fh):
        return [".", "..", "disk.img", "ctl"]

    def open(self, path, flags):
        return 0

    def truncate(self, path, length, fh=None):
        return 0

    def fsync(self, path, datasync, fh):
        return 0

    def flush(self, path, fh):
        return 0

    def read(self, path, size, offset, fh):
        if path == "/ctl":
            with self.lock:
                return json.dumps(self.ctl).encode()[offset:offset + size]
        self.behave("readErrors", offset, size)
        return os.pread(self.fd, size, offset)

    def write(self, path, data, offset, fh):
        if path == "/ctl":
            with self.lock:
                self.ctl.update(json.loads(data.decode()))
            return len(data)
        self.behave("writeErrors", offset, len(data))
        n = os.pwrite(self.fd, data[:self.ctl["shortWrites"] or len(data)], offset)
        with self.lock:
            self.ctl["written"] += n
            if 0 <= self.ctl["deadAfter"] <= self.ctl["written"]:
                self.ctl["dead"] = True
        return n

    def behave(self, errors, offset, size):
        with self.lock:
            self.ctl["requests"] += 1
            ctl = dict(self.ctl)
        if ctl["dead"]:
            raise FuseOSError(errno.EIO)
        for start, length, name in ctl[errors]:
            if offset < start + length and start < offset + size:
                raise FuseOSError(getattr(errno, name))
        if ctl["delay"]:
            time.sleep(ctl["delay"])
        if offset <= ctl["stallAt"] < offset + size:
            self.stall(time.monotonic() + ctl["stallSeconds"])

    def stall(self, deadline):
        with self.lock:
            self.ctl["stalled"] += 1
        try:
            while time.monotonic() < deadline and self.ctl["stallAt"] >= 0:
                time.sleep(0.02)
        finally:
            with self.lock:
                self.ctl["stalled"] -= 1


if __name__ == "__main__":
    FUSE(FaultyDisk(sys.argv[1]), sys.argv[2], foreground=True, direct_io=True)

package dev.blockwipe.ui;

import java.util.ArrayDeque;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;
import java.util.Queue;

/**
 * Which jobs may run now: at most one per key (the partitions of one disk share a key, so they
 * are wiped one after another; separate disks run in parallel). Not thread-safe: used on the FX
 * thread only.
 */
final class WipeQueue<J> {
    private final Map<String, J> active = new HashMap<>();
    private final Map<String, Queue<J>> waiting = new HashMap<>();

    /** Returns true when {@code job} may start now; otherwise it waits for the key's active job. */
    boolean offer(String key, J job) {
        if (active.containsKey(key)) {
            waiting.computeIfAbsent(key, k -> new ArrayDeque<>()).add(job);
            return false;
        }
        active.put(key, job);
        return true;
    }

    /** The job running for {@code key}, if any. */
    Optional<J> active(String key) {
        return Optional.ofNullable(active.get(key));
    }

    /** Takes a job that has not started out of the queue; false if it was not waiting. */
    boolean withdraw(String key, J job) {
        Queue<J> q = waiting.get(key);
        return q != null && q.remove(job);
    }

    /** The active job of {@code key} ended; returns the next one, which is now active. */
    Optional<J> finished(String key) {
        active.remove(key);
        Queue<J> q = waiting.get(key);
        J next = q == null ? null : q.poll();
        if (next != null) {
            active.put(key, next);
        }
        return Optional.ofNullable(next);
    }
}

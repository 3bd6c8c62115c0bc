package dev.blockwipe.engine.schedule;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * Which jobs may run now. Each job has queue keys (the disks it must have to itself); a job starts
 * when no running job holds one of its keys, and otherwise waits its turn in the order it came.
 * Not thread-safe: {@link JobScheduler} drives it under its lock.
 */
final class JobQueue<J> {
    private final Map<J, Set<String>> running = new HashMap<>();
    private final Map<J, Set<String>> waiting = new LinkedHashMap<>();

    /** Returns true when {@code job} may start now; otherwise it waits. */
    public boolean offer(J job, Set<String> keys) {
        Set<String> own = Set.copyOf(keys);
        Set<String> claimedByWaiting = new LinkedHashSet<>();
        waiting.values().forEach(claimedByWaiting::addAll);
        if (free(own, claimedByWaiting)) {
            running.put(job, own);
            return true;
        }
        waiting.put(job, own);
        return false;
    }

    /**
     * Why {@code job} waits: the running job holding one of its keys, or else the earlier waiting
     * job that claims one, and the key.
     */
    public Optional<Map.Entry<J, String>> blocker(J job) {
        Set<String> keys = waiting.get(job);
        if (keys == null) {
            return Optional.empty();
        }
        Optional<Map.Entry<J, String>> holder = firstSharing(running, job, keys);
        return holder.isPresent() ? holder : firstSharing(waiting, job, keys);
    }

    private static <J> Optional<Map.Entry<J, String>> firstSharing(Map<J, Set<String>> jobs, J job, Set<String> keys) {
        for (Map.Entry<J, Set<String>> other : jobs.entrySet()) {
            if (other.getKey().equals(job)) {
                return Optional.empty();
            }
            for (String key : other.getValue()) {
                if (keys.contains(key)) {
                    return Optional.of(Map.entry(other.getKey(), key));
                }
            }
        }
        return Optional.empty();
    }

    /** Takes a job that has not started out of the queue; false when it was not waiting. */
    public boolean withdraw(J job) {
        return waiting.remove(job) != null;
    }

    /**
     * {@code job} ended, or was withdrawn: returns the waiting jobs that may start now (they count
     * as running).
     */
    public List<J> finished(J job) {
        running.remove(job);
        List<J> started = new ArrayList<>();
        Set<String> claimedByEarlier = new LinkedHashSet<>();
        for (Map.Entry<J, Set<String>> w : List.copyOf(waiting.entrySet())) {
            if (free(w.getValue(), claimedByEarlier)) {
                waiting.remove(w.getKey());
                running.put(w.getKey(), w.getValue());
                started.add(w.getKey());
            }
            // a job that still waits keeps its keys from later jobs, so nobody overtakes it
            claimedByEarlier.addAll(w.getValue());
        }
        return started;
    }

    /** The jobs that wait, in their order. */
    public List<J> waiting() {
        return List.copyOf(waiting.keySet());
    }

    public boolean idle() {
        return running.isEmpty() && waiting.isEmpty();
    }

    /** None of {@code keys} is held by a running job or claimed by one that waits before. */
    private boolean free(Set<String> keys, Set<String> claimed) {
        for (String k : keys) {
            if (claimed.contains(k) || running.values().stream().anyMatch(held -> held.contains(k))) {
                return false;
            }
        }
        return true;
    }
}

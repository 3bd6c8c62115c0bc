package dev.blockwipe.service;

import java.util.List;

/**
 * What a user types to confirm a write that destroys data, and when what was typed confirms it: the
 * one rule of the window's dialogs, the console UI and the CLI's prompt.
 */
public final class ConfirmationWord {
    private ConfirmationWord() {
    }

    /**
     * The target's name for one target (so that it must be read), or "WIPE 3 TARGETS" for several:
     * targets, not disks, because a partition or an image file may be among them.
     */
    public static String expected(List<String> names) {
        if (names.isEmpty()) {
            throw new IllegalArgumentException("a confirmation needs at least one target");
        }
        return names.size() == 1 ? names.get(0) : "WIPE " + names.size() + " TARGETS";
    }

    /** {@code typed} is {@code expected} exactly, but for white space around it. */
    public static boolean matches(String typed, String expected) {
        return typed != null && typed.strip().equals(expected);
    }
}

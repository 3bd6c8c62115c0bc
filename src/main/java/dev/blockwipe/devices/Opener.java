package dev.blockwipe.devices;

/**
 * A process that has a block device or file open, as /proc shows it.
 *
 * @param pid     its process id
 * @param command what it is, for people: its command name ("fuse2fs"), or "the Blockwipe window",
 *                "blockwipe list", "udev", "blkid" for the programs recognised as probes
 * @param probe   it only reads the device, and is a program that opens devices for a moment to look
 *                at them (another Blockwipe's scan, udev's worker, blkid): it lets go by itself,
 *                where any other process is a holder
 */
public record Opener(long pid, String command, boolean probe) {
    /** "open in process 1234 (fuse2fs)", or "the Blockwipe window, process 1234, is reading it". */
    String describe(String subject) {
        if (!probe) {
            return subject + "open in process " + pid + " (" + command + ")";
        }
        return subject.isEmpty() ? command + ", process " + pid + ", is reading it"
                : subject + "being read by " + command + ", process " + pid;
    }
}

package dev.blockwipe.devices.identify;

import java.io.Closeable;

/**
 * A device opened read-only for an identification, and the only way it is read.
 *
 * @param name       its kernel name ("sdb", "loop0p1")
 * @param loop       a loop device (or a partition of one): it has no LED of its own
 * @param size       bytes
 * @param blockSize  its logical block size
 * @param reads      reads through the open descriptor
 * @param descriptor closes that descriptor
 */
public record OpenDrive(String name, boolean loop, long size, int blockSize, DriveReads reads, Closeable descriptor) {
}

package dev.blockwipe.engine.firmware;

import java.io.IOException;

/**
 * The commands a drive takes besides reads and writes, sent through the descriptor its target was
 * opened with (never through a path opened again): NVMe admin commands on an NVMe namespace, SCSI
 * commands through SG_IO on a SCSI disk (SATA drives take ATA commands inside ATA PASS-THROUGH).
 * The Linux targets implement it with ioctls; the simulated drives of the tests with state machines
 * that answer the same encodings. Implementations check nothing about what a command does: the
 * drive modules decide what to send.
 */
public interface DeviceCommands {
    /** A target that takes no drive commands (image files, loop, virtio, device-mapper, md). */
    DeviceCommands NONE = new DeviceCommands() {
        @Override
        public CommandSet commandSet() {
            return CommandSet.NONE;
        }

        @Override
        public NvmeCompletion nvmeAdmin(NvmeCommand command, byte[] data) throws IOException {
            throw new IOException("this device takes no NVMe commands");
        }

        @Override
        public ScsiResult scsi(ScsiCommand command, byte[] data) throws IOException {
            throw new IOException("this device takes no SCSI commands");
        }
    };

    /** Which commands this descriptor carries. */
    CommandSet commandSet();

    /**
     * The NVMe namespace ID of the namespace this descriptor is open on, which Identify Namespace
     * and Format NVM name: the kernel knows it (NVME_IOCTL_ID on a namespace's block device), the
     * controller cannot say which of its namespaces the host opened.
     *
     * @throws IOException when the descriptor is not on an NVMe namespace, or the kernel refused to say
     */
    default int namespaceId() throws IOException {
        throw new IOException("no NVMe namespace");
    }

    /**
     * Sends an NVMe admin command and waits for its completion.
     *
     * @param data the command's data: filled by a command that reads ({@link DataDirection#FROM_DEVICE}),
     *             sent by one that writes; {@code command.dataLength()} bytes long, or empty
     * @throws IOException when the command could not be sent (the kernel refused it, a timeout);
     *                     a command the drive answered with an error status is a completion
     */
    NvmeCompletion nvmeAdmin(NvmeCommand command, byte[] data) throws IOException;

    /**
     * Sends a SCSI command (SG_IO) and waits for its status.
     *
     * @param data as for {@link #nvmeAdmin}: {@code command.dataLength()} bytes
     * @throws IOException when the command could not be sent; a CHECK CONDITION is a result
     */
    ScsiResult scsi(ScsiCommand command, byte[] data) throws IOException;
}

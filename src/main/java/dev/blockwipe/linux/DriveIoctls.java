package dev.blockwipe.linux;

import com.sun.jna.Memory;
import com.sun.jna.Pointer;
import dev.blockwipe.engine.TargetException;
import dev.blockwipe.engine.firmware.CommandRefusedException;
import dev.blockwipe.engine.firmware.CommandSet;
import dev.blockwipe.engine.firmware.DataDirection;
import dev.blockwipe.engine.firmware.DeviceCommands;
import dev.blockwipe.engine.firmware.NvmeCommand;
import dev.blockwipe.engine.firmware.NvmeCompletion;
import dev.blockwipe.engine.firmware.ScsiCommand;
import dev.blockwipe.engine.firmware.ScsiResult;
import java.io.IOException;
import java.time.Duration;

/**
 * The drive commands an open block device descriptor carries, sent with ioctls on that descriptor:
 * NVMe admin commands (NVME_IOCTL_ADMIN_CMD) on an NVMe namespace, SCSI commands (SG_IO) on an sd
 * disk. Which of them the descriptor takes is decided once, by its owner, from the sysfs node of the
 * descriptor's device number ({@link SysfsBlock#commandSet()}); nothing is sent on a descriptor of
 * another command set. Every call runs inside the owner's {@link Guard}, so that a closed target
 * refuses instead of sending a command through a descriptor number the kernel may have reused.
 * Calls may run from several threads: each builds its own structures and buffers.
 */
final class DriveIoctls implements DeviceCommands {
    /** What the owner of the descriptor does around each call on it. */
    interface Guard {
        /** For a descriptor its owner holds open for as long as the commands are used. */
        Guard NONE = new Guard() {
            @Override
            public void enter(String call) {
            }

            @Override
            public void leave() {
            }
        };

        /** A call starts; refused when the descriptor is closed. */
        void enter(String call) throws TargetException;

        /** The call ended. */
        void leave();
    }

    private final String path;
    private final int fd;
    private final CommandSet set;
    private final Guard guard;

    /**
     * @param path names the device in messages only
     * @param set  the commands the device takes, from its sysfs node
     */
    DriveIoctls(String path, int fd, CommandSet set, Guard guard) {
        this.path = path;
        this.fd = fd;
        this.set = set;
        this.guard = guard;
    }

    @Override
    public CommandSet commandSet() {
        return set;
    }

    @Override
    public NvmeCompletion nvmeAdmin(NvmeCommand command, byte[] data) throws IOException {
        String call = String.format("NVMe admin command 0x%02X", command.opcode());
        require(CommandSet.NVME, call);
        requireLength(command.dataLength(), data);
        NvmeIoctl.PassthruCmd cmd = new NvmeIoctl.PassthruCmd();
        cmd.opcode = (byte) command.opcode();
        cmd.nsid = command.nsid();
        cmd.cdw10 = command.cdw10();
        cmd.cdw11 = command.cdw11();
        cmd.cdw12 = command.cdw12();
        cmd.cdw13 = command.cdw13();
        cmd.cdw14 = command.cdw14();
        cmd.cdw15 = command.cdw15();
        cmd.timeout_ms = millis(command.timeout());
        cmd.data_len = command.dataLength();
        Memory buffer = toDevice(command.direction(), data);
        try {
            cmd.addr = Pointer.nativeValue(buffer);
            int rc;
            int errno;
            guard.enter(call);
            try {
                rc = LibC.ioctl(fd, NvmeIoctl.NVME_IOCTL_ADMIN_CMD, cmd);
                errno = rc < 0 ? Errno.last() : 0; // before leave(), whose close may set errno
            } finally {
                guard.leave();
            }
            if (rc < 0) {
                // The driver cancels a command that timed out and the ioctl then returns EINTR:
                // its wait is not interruptible, so no signal can have caused it.
                throw errno == Errno.EINTR ? timedOut(call, command.timeout())
                        : failure(call, "NVME_IOCTL_ADMIN_CMD", errno, command.timeout());
            }
            fromDevice(command.direction(), buffer, data);
            return new NvmeCompletion(rc, cmd.result);
        } finally {
            close(buffer);
        }
    }

    @Override
    public ScsiResult scsi(ScsiCommand command, byte[] data) throws IOException {
        String call = String.format("SCSI command 0x%02X", command.opcode());
        require(CommandSet.SCSI, call);
        requireLength(command.dataLength(), data);
        byte[] cdb = command.cdb();
        Memory buffer = toDevice(command.direction(), data);
        try (Memory cdbp = new Memory(cdb.length); Memory sense = new Memory(ScsiGeneric.SENSE_BUFFER)) {
            cdbp.write(0, cdb, 0, cdb.length);
            sense.clear();
            ScsiGeneric.SgIoHdr hdr = new ScsiGeneric.SgIoHdr();
            hdr.dxfer_direction = switch (command.direction()) {
                case NONE -> ScsiGeneric.SG_DXFER_NONE;
                case TO_DEVICE -> ScsiGeneric.SG_DXFER_TO_DEV;
                case FROM_DEVICE -> ScsiGeneric.SG_DXFER_FROM_DEV;
            };
            hdr.cmd_len = (byte) cdb.length;
            hdr.mx_sb_len = (byte) ScsiGeneric.SENSE_BUFFER;
            hdr.dxfer_len = command.dataLength();
            hdr.dxferp = buffer;
            hdr.cmdp = cdbp;
            hdr.sbp = sense;
            hdr.timeout = millis(command.timeout());
            int errno;
            guard.enter(call);
            try {
                errno = LibC.ioctl(fd, ScsiGeneric.SG_IO, hdr) < 0 ? Errno.last() : 0;
            } finally {
                guard.leave();
            }
            if (errno != 0) {
                throw failure(call, "SG_IO", errno, command.timeout());
            }
            int host = hdr.host_status & 0xFFFF;
            int driver = hdr.driver_status & 0xFFFF;
            if (host == ScsiGeneric.DID_TIME_OUT || (driver & 0x0F) == ScsiGeneric.DRIVER_TIMEOUT) {
                throw timedOut(call, command.timeout());
            }
            fromDevice(command.direction(), buffer, data);
            return new ScsiResult(hdr.status & 0xFF, host, driver, sense.getByteArray(0, hdr.sb_len_wr & 0xFF), hdr.resid);
        } finally {
            close(buffer);
        }
    }

    @Override
    public int namespaceId() throws IOException {
        if (set != CommandSet.NVME) {
            return DeviceCommands.super.namespaceId();
        }
        guard.enter("NVME_IOCTL_ID");
        try {
            int nsid = LibC.ioctl(fd, NvmeIoctl.NVME_IOCTL_ID, 0L);
            if (nsid < 0) {
                throw failure("NVME_IOCTL_ID", "NVME_IOCTL_ID", Errno.last(), Duration.ZERO);
            }
            return nsid;
        } finally {
            guard.leave();
        }
    }

    private void require(CommandSet wanted, String call) throws IOException {
        if (set != wanted) {
            throw new IOException(path + ": " + call + " not sent: the device takes "
                    + (set == CommandSet.NONE ? "no drive commands" : set + " commands"));
        }
    }

    private static void requireLength(int dataLength, byte[] data) {
        if (data.length != dataLength) {
            throw new IllegalArgumentException("the command moves " + dataLength + " bytes, the buffer has " + data.length);
        }
    }

    /** The command's data in native memory (sent for a write, zeroes for a read); null when it moves none. */
    private static Memory toDevice(DataDirection direction, byte[] data) {
        if (direction == DataDirection.NONE) {
            return null;
        }
        Memory buffer = new Memory(data.length);
        if (direction == DataDirection.TO_DEVICE) {
            buffer.write(0, data, 0, data.length);
        } else {
            buffer.clear();
        }
        return buffer;
    }

    private static void fromDevice(DataDirection direction, Memory buffer, byte[] data) {
        if (direction == DataDirection.FROM_DEVICE) {
            buffer.read(0, data, 0, data.length);
        }
    }

    private static void close(Memory buffer) {
        if (buffer != null) {
            buffer.close();
        }
    }

    /** Milliseconds for the kernel; 0 (the driver's default) for no timeout. */
    private static int millis(Duration timeout) {
        return (int) Math.min(Integer.MAX_VALUE, timeout.toMillis());
    }

    private IOException failure(String call, String ioctl, int errno, Duration timeout) {
        return switch (errno) {
            case Errno.ENOTTY, Errno.EINVAL -> new CommandRefusedException(path + ": the kernel refused " + ioctl
                    + " on this device: " + Errno.name(errno));
            case Errno.EACCES, Errno.EPERM -> new IOException(path + ": " + call + " not sent: " + ioctl
                    + " needs root (CAP_SYS_ADMIN): " + Errno.name(errno));
            case Errno.ETIMEDOUT -> timedOut(call, timeout);
            default -> Errno.exception(path, call + " (" + ioctl + ")", -1, errno);
        };
    }

    private IOException timedOut(String call, Duration timeout) {
        return new IOException(path + ": " + call + ": the drive did not answer within "
                + (timeout.isZero() ? "the driver's default time" : timeout.toSeconds() + " s"));
    }
}

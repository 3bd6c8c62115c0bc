package dev.blockwipe.engine.firmware.nvme;

import dev.blockwipe.engine.method.Pattern;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The fields of the Identify Namespace data structure (NVM Command Set Specification 1.0)
 * a format keeps and the erases' results depend on.
 *
 * @param blocks        NSZE, bytes 7:0: the namespace's size in logical blocks
 * @param flbas         Formatted LBA Size, byte 26: the format in use (bits 3:0, upper bits 6:5), extended metadata (bit 4)
 * @param dps           End-to-end Data Protection Type Settings, byte 29: PI type (bits 2:0), PI first (bit 3)
 * @param dlfeat        Deallocate Logical Block Features, byte 33: what deallocated blocks read as (bits 2:0)
 * @param blockSizes    the data size in bytes of each LBA format, from byte 128 (LBADS, bits 23:16 of each dword);
 *                      NLBAF (byte 25) plus one of them
 */
public record IdentifyNamespace(long blocks, int flbas, int dps, int dlfeat, List<Integer> blockSizes) {
    private static final int LBA_FORMATS = 128;
    private static final int MAX_FORMATS = 64;

    public IdentifyNamespace {
        blockSizes = List.copyOf(blockSizes);
    }

    /** Parses the 4096-byte data structure. */
    public static IdentifyNamespace parse(byte[] data) {
        if (data.length < NvmeCommands.IDENTIFY_BYTES) {
            throw new IllegalArgumentException("Identify Namespace data is 4096 bytes, not " + data.length);
        }
        ByteBuffer b = ByteBuffer.wrap(data).order(ByteOrder.LITTLE_ENDIAN);
        int formats = Math.min((data[25] & 0xFF) + 1, MAX_FORMATS);
        List<Integer> sizes = new ArrayList<>();
        for (int i = 0; i < formats; i++) {
            int lbads = (b.getInt(LBA_FORMATS + 4 * i) >>> 16) & 0xFF;
            sizes.add(lbads >= 9 && lbads < 31 ? 1 << lbads : 0);
        }
        return new IdentifyNamespace(b.getLong(0), data[26] & 0xFF, data[29] & 0xFF, data[33] & 0xFF, sizes);
    }

    /** The LBA format in use. */
    public int formatIndex() {
        return flbas & 0xF | ((flbas >> 5) & 0b11) << 4;
    }

    /** The block size of the format in use, 0 when the drive reports one it does not have. */
    public int blockSize() {
        return formatIndex() < blockSizes.size() ? blockSizes.get(formatIndex()) : 0;
    }

    public boolean extendedMetadata() {
        return (flbas & 1 << 4) != 0;
    }

    public int protectionType() {
        return dps & 0b111;
    }

    public boolean protectionFirst() {
        return (dps & 1 << 3) != 0;
    }

    /** What a deallocated block reads as: DLFEAT 001b 0x00, 010b 0xFF, otherwise not defined. */
    public Optional<Pattern> deallocatedReadsAs() {
        return switch (dlfeat & 0b111) {
            case 0b001 -> Optional.of(Pattern.Repeating.of(0x00));
            case 0b010 -> Optional.of(Pattern.Repeating.of(0xFF));
            default -> Optional.empty();
        };
    }
}

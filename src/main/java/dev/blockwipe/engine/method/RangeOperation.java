package dev.blockwipe.engine.method;

/** Operations on a whole byte range that the device (or file system) carries out itself. */
public enum RangeOperation {
    ZERO_OUT("BLKZEROOUT", "fallocate(ZERO_RANGE)"),
    DISCARD("BLKDISCARD", "fallocate(PUNCH_HOLE)"),
    SECURE_DISCARD("BLKSECDISCARD", null);

    private final String deviceCall;
    private final String fileCall;

    RangeOperation(String deviceCall, String fileCall) {
        this.deviceCall = deviceCall;
        this.fileCall = fileCall;
    }

    /** The call on a block device ("BLKZEROOUT"). */
    public String deviceCall() {
        return deviceCall;
    }

    /** The call on a regular file, or null when files have no equivalent. */
    public String fileCall() {
        return fileCall;
    }

    public static RangeOperation of(Technique technique) {
        return switch (technique) {
            case ZERO_OUT -> ZERO_OUT;
            case DISCARD -> DISCARD;
            case SECURE_DISCARD -> SECURE_DISCARD;
            case OVERWRITE, FIRMWARE -> throw new IllegalArgumentException(technique.label() + " is not a range operation");
        };
    }
}

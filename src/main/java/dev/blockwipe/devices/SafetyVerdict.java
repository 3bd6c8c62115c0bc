package dev.blockwipe.devices;

/** Whether a device may be wiped, and what the user must be told first. */
public sealed interface SafetyVerdict {

    /** "WIPEABLE", "CONFIRM", "BLOCKED". */
    String level();

    /** One line for people: what is on it, or why it is blocked. */
    String describe();

    /** Blank: no signature, no partition table, and samples across it each one repeated byte. */
    record Wipeable() implements SafetyVerdict {
        @Override
        public String level() {
            return "WIPEABLE";
        }

        @Override
        public String describe() {
            return "nothing recognised on it (no file system, partition table or other signature) and samples read"
                    + " across it each hold one repeated byte: blank";
        }
    }

    /** Holds something (or may): the user must see what before confirming. */
    record NeedsConfirmation(String contents) implements SafetyVerdict {
        @Override
        public String level() {
            return "CONFIRM";
        }

        @Override
        public String describe() {
            return "holds " + contents;
        }
    }

    record Blocked(BlockReason reason, String detail) implements SafetyVerdict {
        @Override
        public String level() {
            return "BLOCKED";
        }

        @Override
        public String describe() {
            return detail;
        }
    }

    default boolean blocked() {
        return this instanceof Blocked;
    }
}

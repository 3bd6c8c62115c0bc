package dev.blockwipe.ui.dialogs;

/** The read-back options of the wipe dialog. */
public enum VerifyChoice {
    OFF("Off"), LAST("After the last pass"), ALL("After every pass"), SAMPLE("A sample");

    private final String label;

    VerifyChoice(String label) {
        this.label = label;
    }

    @Override
    public String toString() {
        return label;
    }
}

package dev.blockwipe.report;

/** Who ran the wipe, as the certificate names them. */
public record Operator(String name, String organisation) {
    public static final Operator UNNAMED = new Operator("", "");

    public Operator {
        name = name == null ? "" : name.strip();
        organisation = organisation == null ? "" : organisation.strip();
    }
}

package dev.blockwipe.ui;

/** Something the user should hear about without looking: a job ended, a test disk was made. */
public record Notice(String title, String text, boolean good) {
}

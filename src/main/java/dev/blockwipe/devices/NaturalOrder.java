package dev.blockwipe.devices;

import java.util.Comparator;

/**
 * Device names in the order people count them: {@code loop2} before {@code loop10}, {@code sdb2}
 * before {@code sdb10}, {@code nvme0n1} before {@code nvme1n1}. Runs of digits compare by value
 * (then by length, so {@code 02} follows {@code 2}), everything else by character.
 */
public final class NaturalOrder implements Comparator<String> {
    public static final NaturalOrder INSTANCE = new NaturalOrder();

    private NaturalOrder() {
    }

    @Override
    public int compare(String a, String b) {
        int i = 0;
        int j = 0;
        while (i < a.length() && j < b.length()) {
            char x = a.charAt(i);
            char y = b.charAt(j);
            if (Character.isDigit(x) && Character.isDigit(y)) {
                int endA = digitsEnd(a, i);
                int endB = digitsEnd(b, j);
                int byValue = compareDigits(a.substring(i, endA), b.substring(j, endB));
                if (byValue != 0) {
                    return byValue;
                }
                i = endA;
                j = endB;
            } else {
                if (x != y) {
                    return Character.compare(x, y);
                }
                i++;
                j++;
            }
        }
        return Integer.compare(a.length() - i, b.length() - j);
    }

    private static int digitsEnd(String s, int from) {
        int end = from;
        while (end < s.length() && Character.isDigit(s.charAt(end))) {
            end++;
        }
        return end;
    }

    /** By value, however many digits (no overflow); equal values with more leading zeros last. */
    private static int compareDigits(String a, String b) {
        String x = a.replaceFirst("^0+(?=.)", "");
        String y = b.replaceFirst("^0+(?=.)", "");
        int c = x.length() != y.length() ? Integer.compare(x.length(), y.length()) : x.compareTo(y);
        return c != 0 ? c : Integer.compare(a.length(), b.length());
    }
}

package org.planewatch.console.state;

import java.util.Comparator;

/** Orders names with numbers as people do: eth2 before eth10, host-9 before host-10. */
public final class NaturalOrder implements Comparator<String> {
    public static final NaturalOrder INSTANCE = new NaturalOrder();

    @Override
    public int compare(String a, String b) {
        int i = 0;
        int j = 0;
        while (i < a.length() && j < b.length()) {
            char ca = a.charAt(i);
            char cb = b.charAt(j);
            if (Character.isDigit(ca) && Character.isDigit(cb)) {
                int startA = i;
                int startB = j;
                while (i < a.length() && Character.isDigit(a.charAt(i))) {
                    i++;
                }
                while (j < b.length() && Character.isDigit(b.charAt(j))) {
                    j++;
                }
                while (startA < i - 1 && a.charAt(startA) == '0') {
                    startA++;
                }
                while (startB < j - 1 && b.charAt(startB) == '0') {
                    startB++;
                }
                int byLength = Integer.compare(i - startA, j - startB);
                if (byLength != 0) {
                    return byLength;
                }
                for (int k = 0; k < i - startA; k++) {
                    int byDigit = Character.compare(a.charAt(startA + k), b.charAt(startB + k));
                    if (byDigit != 0) {
                        return byDigit;
                    }
                }
            } else {
                if (ca != cb) {
                    return Character.compare(ca, cb);
                }
                i++;
                j++;
            }
        }
        int byRest = Integer.compare(a.length() - i, b.length() - j);
        return byRest != 0 ? byRest : a.compareTo(b);
    }
}

# Sourced, with $root set, by bin/blockwipe and lib/blockwipe-cds: the class path, from the jar list
# packaging/build.sh wrote beside this file, and the class-data archive made for it. The JVM uses
# the archive only with the very class path it was made with, so both come from here.
classpath=
while IFS= read -r jar; do
    classpath=${classpath:+$classpath:}$root/$jar
done <"$root/lib/classpath"
archive=$root/lib/blockwipe.jsa

#!/bin/sh
# A Hub engine that never answers: it reads its input and says nothing.
while read -r line; do :; done

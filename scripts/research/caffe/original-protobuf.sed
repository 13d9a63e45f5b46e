# original-protobuf.sed: the one line of BVLC Caffe (2020) that today's protobuf (3.18 and later; Debian 12 has
# 3.21) no longer compiles: SetTotalBytesLimit lost its second (warning threshold) argument. The recipe
# applies it to the original before anything else, so the original and the port start from the same text;
# it is a dependency update, not a port edit.
s/SetTotalBytesLimit(kProtoReadBytesLimit, 536870912)/SetTotalBytesLimit(kProtoReadBytesLimit)/

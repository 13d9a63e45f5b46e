#!/usr/bin/env python3
"""lenet_data.py: writes the Caffe recipe's training inputs into DIR: MNIST-shaped data (28x28, one
channel, 10 classes; a fixed seed, so every run writes the same bytes) as HDF5, LeNet's net and solver
(Caffe's examples/mnist LeNet, fed from HDF5), and a CaffeNet-like net on synthetic input for `caffe time`
(from Caffe's models/bvlc_reference_caffenet/deploy.prototxt beside this script). It runs no Caffe."""
import os
import sys

import h5py
import numpy as np

SEED = 1701
TRAIN, TEST = 6400, 1000

LENET = """name: "LeNet"
layer { name: "mnist" type: "HDF5Data" top: "data" top: "label" include { phase: TRAIN }
  hdf5_data_param { source: "train.txt" batch_size: 64 } }
layer { name: "mnist" type: "HDF5Data" top: "data" top: "label" include { phase: TEST }
  hdf5_data_param { source: "test.txt" batch_size: 100 } }
layer { name: "conv1" type: "Convolution" bottom: "data" top: "conv1" param { lr_mult: 1 } param { lr_mult: 2 }
  convolution_param { num_output: 20 kernel_size: 5 stride: 1 weight_filler { type: "xavier" } bias_filler { type: "constant" } } }
layer { name: "pool1" type: "Pooling" bottom: "conv1" top: "pool1" pooling_param { pool: MAX kernel_size: 2 stride: 2 } }
layer { name: "conv2" type: "Convolution" bottom: "pool1" top: "conv2" param { lr_mult: 1 } param { lr_mult: 2 }
  convolution_param { num_output: 50 kernel_size: 5 stride: 1 weight_filler { type: "xavier" } bias_filler { type: "constant" } } }
layer { name: "pool2" type: "Pooling" bottom: "conv2" top: "pool2" pooling_param { pool: MAX kernel_size: 2 stride: 2 } }
layer { name: "ip1" type: "InnerProduct" bottom: "pool2" top: "ip1" param { lr_mult: 1 } param { lr_mult: 2 }
  inner_product_param { num_output: 500 weight_filler { type: "xavier" } bias_filler { type: "constant" } } }
layer { name: "relu1" type: "ReLU" bottom: "ip1" top: "ip1" }
layer { name: "ip2" type: "InnerProduct" bottom: "ip1" top: "ip2" param { lr_mult: 1 } param { lr_mult: 2 }
  inner_product_param { num_output: 10 weight_filler { type: "xavier" } bias_filler { type: "constant" } } }
layer { name: "accuracy" type: "Accuracy" bottom: "ip2" bottom: "label" top: "accuracy" include { phase: TEST } }
layer { name: "loss" type: "SoftmaxWithLoss" bottom: "ip2" bottom: "label" top: "loss" }
"""

SOLVER = """net: "lenet_train_test.prototxt"
test_iter: 10
test_interval: 100
base_lr: 0.01
momentum: 0.9
weight_decay: 0.0005
lr_policy: "inv"
gamma: 0.0001
power: 0.75
display: 10
max_iter: 300
snapshot: 0
snapshot_after_train: false
random_seed: %d
solver_mode: GPU
""" % SEED

DUMMY = """layer {
  name: "data"
  type: "DummyData"
  top: "data"
  dummy_data_param { shape { dim: 64 dim: 3 dim: 227 dim: 227 } data_filler { type: "gaussian" std: 1 } }
}
"""


def digits(rng, templates, n):
    """n images: a class template, shifted by up to 2 pixels, plus noise, clipped to [0, 1]."""
    labels = rng.integers(0, 10, size=n)
    images = np.empty((n, 1, 28, 28), dtype=np.float32)
    for i, c in enumerate(labels):
        dy, dx = rng.integers(-2, 3, size=2)
        img = np.roll(np.roll(templates[c], dy, axis=0), dx, axis=1)
        images[i, 0] = np.clip(img + rng.normal(0, 0.3, size=(28, 28)), 0, 1)
    return images, labels.astype(np.float32)


def main():
    out = sys.argv[1]
    os.makedirs(out, exist_ok=True)
    rng = np.random.default_rng(SEED)
    templates = (rng.random((10, 28, 28)) > 0.7).astype(np.float32)
    for name, n in (("train", TRAIN), ("test", TEST)):
        x, y = digits(rng, templates, n)
        with h5py.File(os.path.join(out, name + ".h5"), "w") as f:
            f.create_dataset("data", data=x)
            f.create_dataset("label", data=y)
        with open(os.path.join(out, name + ".txt"), "w") as f:
            f.write(os.path.join(out, name + ".h5") + "\n")
    with open(os.path.join(out, "lenet_train_test.prototxt"), "w") as f:
        f.write(LENET)
    with open(os.path.join(out, "lenet_solver.prototxt"), "w") as f:
        f.write(SOLVER)
    # CaffeNet's deploy net with its Input layer replaced by synthetic data of batch 64
    deploy = open(os.path.join(os.path.dirname(os.path.abspath(__file__)), "caffenet_deploy.prototxt")).read()
    start = deploy.index("layer {")
    end = deploy.index("layer {", start + 1)
    assert '"Input"' in deploy[start:end], "the first layer of deploy.prototxt is not its Input layer"
    with open(os.path.join(out, "caffenet_time.prototxt"), "w") as f:
        f.write(deploy[:start] + DUMMY + deploy[end:])
    print("%s: %d train, %d test images, LeNet solver (seed %d), CaffeNet time net" % (out, TRAIN, TEST, SEED))


if __name__ == "__main__":
    main()

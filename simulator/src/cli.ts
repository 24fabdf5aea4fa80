#!/usr/bin/env node
// helena-simulator: the offline platform simulator on its own.
//
//   helena-simulator --port 4010 [--host 127.0.0.1] [--public-key K] [--private-key K]
//                    [--latency MS] [--speed N] [--public-url URL]
import { main } from './simulator/cli-main';

void main(process.argv.slice(2));

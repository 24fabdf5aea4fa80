import { crud, route } from '../route.js';

const download = <const P extends string>(path: P) => route('GET', path, 'none', { as: 'blob' });

export const calls = {
  ...crud('/call'),
  // The platform deletes by the body's `ids` (bulk) as well as by the path's id.
  delete: route('DELETE', '/call/{id}', 'json'),
  createPhone: route('POST', '/call/phone', 'json'),
  createWeb: route('POST', '/call/web', 'json'),
  monoRecording: download('/call/{id}/mono-recording'),
  stereoRecording: download('/call/{id}/stereo-recording'),
  videoRecording: download('/call/{id}/video-recording'),
  customerRecording: download('/call/{id}/customer-recording'),
  assistantRecording: download('/call/{id}/assistant-recording'),
  pcap: download('/call/{id}/pcap'),
  callLogs: download('/call/{id}/call-logs'),
};

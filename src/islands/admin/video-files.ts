/** The video files the back office takes (the server judges the bytes: MP4, MOV, WebM or MKV). */
export const VIDEO_ACCEPT = 'video/mp4,video/quicktime,video/webm,video/x-matroska,.mp4,.m4v,.mov,.webm,.mkv';

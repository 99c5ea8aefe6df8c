/** Posts multipart form data with upload progress (fetch cannot report it), per file. */
export function uploadForm(
  url: string,
  form: FormData,
  fileSizes: number[],
  onProgress: (perFile: number[]) => void,
): Promise<{ status: number; body: { id?: string; accountNumber?: string; message?: string } }> {
  return new Promise((resolve) => {
    const request = new XMLHttpRequest();
    request.open("POST", url);
    request.withCredentials = true;
    request.upload.onprogress = (event) => {
      // Files go in order, so bytes sent so far fill them one after another.
      const total = fileSizes.reduce((sum, size) => sum + size, 0);
      let sent = event.lengthComputable && event.total > 0 ? (event.loaded / event.total) * total : 0;
      onProgress(
        fileSizes.map((size) => {
          const part = Math.min(size, Math.max(0, sent));
          sent -= size;
          return size === 0 ? 100 : Math.round((part / size) * 100);
        }),
      );
    };
    request.onload = () => {
      let body = {};
      try {
        body = JSON.parse(request.responseText);
      } catch {
        // not JSON: keep the status only
      }
      resolve({ status: request.status, body });
    };
    request.onerror = () => resolve({ status: 0, body: {} });
    request.send(form);
  });
}

// Being written for issue #6 (replaced by its helper).
export default function Page() {
  return null;
}

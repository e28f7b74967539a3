export default function AdminLoginPage() {
  return null;
}
